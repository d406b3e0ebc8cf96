import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staticFrameHtml } from './test-support';
import { LayoutFallback } from './layout';

/** Each element as its tag, its attributes in name order (less React Router's) and its children. */
function shape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    return node.textContent ?? '';
  }
  if (!(node instanceof Element)) {
    return '';
  }
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'data-discover')
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort();
  const children = [...node.childNodes].map(shape).join('');
  return `<${[node.localName, ...attributes].join(' ')}>${children}</${node.localName}>`;
}

function shapeOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.childNodes].map(shape).join('');
}

describe('LayoutFallback', () => {
  it('is the frame index.html paints before the app runs, so that the app takes its place without a change on screen', () => {
    const router = createMemoryRouter([{ path: '/', element: <LayoutFallback /> }]);
    const { container } = render(<RouterProvider router={router} />);
    expect(shapeOf(staticFrameHtml())).not.toBe('');
    expect(shapeOf(container.innerHTML)).toBe(shapeOf(staticFrameHtml()));
  });
});
