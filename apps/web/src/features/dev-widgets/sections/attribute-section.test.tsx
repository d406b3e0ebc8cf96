import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_TYPES } from '@muster/contract';
import { axeViolations } from '../../../lib/testing/axe';
import { AttributeSection } from './attribute-section';

/** The widget heading (h3) with this text; found without role queries, which are slow on a page this big. */
function widgetHeading(widget: string): Element {
  const heading = Array.from(document.querySelectorAll('h3')).find(
    (element) => element.textContent === widget,
  );
  if (!heading) {
    throw new Error(`no widget ${widget}`);
  }
  return heading;
}

/** The examples (each under a state heading, h4) of one widget, up to the next widget. */
function examplesOf(widget: string): HTMLElement[] {
  const examples: HTMLElement[] = [];
  let node = widgetHeading(widget).nextElementSibling;
  while (node && node.tagName !== 'H3') {
    if (node.querySelector('h4') && node instanceof HTMLElement) {
      examples.push(node);
    }
    node = node.nextElementSibling;
  }
  return examples;
}

const statesOf = (widget: string) =>
  examplesOf(widget).map((node) => node.querySelector('h4')?.textContent ?? '');

/** The example under a state heading of a widget. */
function example(widget: string, state: string): HTMLElement {
  const found = examplesOf(widget).find((node) => node.querySelector('h4')?.textContent === state);
  if (!found) {
    throw new Error(`no state ${state} under ${widget}`);
  }
  return found;
}

// Rendering about 150 widgets in jsdom takes seconds on a busy machine.
describe('AttributeSection', { timeout: 30_000 }, () => {
  it('shows every one of the 18 types empty, filled, with an error, read-only and busy, in both modes', () => {
    render(<AttributeSection />);
    for (const type of CUSTOM_FIELD_TYPES) {
      expect(statesOf(`Custom field: ${type}`)).toEqual([
        'Empty',
        'Filled',
        'Error',
        'Read-only',
        'Busy',
        'Display, empty',
        'Display, filled',
      ]);
    }
  });

  it('shows the default message of each type in its error state', () => {
    render(<AttributeSection />);
    expect(example('Custom field: email', 'Error')).toHaveTextContent('Please provide a valid email address');
    expect(example('Custom field: dropdown', 'Error')).toHaveTextContent('Please select an option');
    expect(example('Custom field: link', 'Error')).toHaveTextContent(
      `Please provide a valid link (e.g. ${window.location.host})`,
    );
    expect(example('Custom field: startenddate', 'Error')).toHaveTextContent(
      'Please select a start and end date',
    );
  });

  it('shows "Not set" for empty values in display mode', () => {
    render(<AttributeSection />);
    expect(
      within(example('Custom field: currency', 'Display, empty')).getByRole('definition'),
    ).toHaveTextContent('Not set');
    expect(
      within(example('Custom field: currency', 'Display, filled')).getByRole('definition'),
    ).toHaveTextContent('£1,250.50');
  });

  it('shows the Markdown editor and the diversity question in every state', () => {
    render(<AttributeSection />);
    expect(statesOf('Markdown editor')).toEqual(['Empty', 'Filled', 'Error', 'Read-only', 'Busy']);
    const diversity = statesOf('Diversity question');
    for (const state of ['Empty', 'Filled', 'Error', 'Read-only', 'Busy']) {
      expect(diversity.some((title) => title.startsWith(state))).toBe(true);
    }
  });

  it('has no accessibility violations (WCAG 2.0, 2.1 and 2.2, A and AA)', async () => {
    const { container } = render(<AttributeSection />);
    expect(await axeViolations(container)).toEqual([]);
  }, 180_000);
});
