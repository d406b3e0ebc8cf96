import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { DateTimeSection } from './date-time-section';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ data: [{ name: 'Europe/London', display_text: '(GMT+00:00) London' }] }), {
          status: 200,
          headers: { 'content-type': API_MEDIA_TYPE },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DateTimeSection />
    </QueryClientProvider>,
  );
}

/** The state headings (h4) under one widget heading (h3), up to the next widget. */
function statesOf(widget: string): string[] {
  // Plain DOM queries: role queries over the whole gallery are slow in jsdom.
  const heading = [...document.querySelectorAll('h3')].find((element) => element.textContent === widget);
  expect(heading).toBeDefined();
  const states: string[] = [];
  let node = heading?.nextElementSibling ?? null;
  while (node && node.tagName !== 'H3') {
    const title = node.querySelector('h4');
    if (title?.textContent) {
      states.push(title.textContent);
    }
    node = node.nextElementSibling;
  }
  return states;
}

describe('DateTimeSection', () => {
  it('shows every input widget as empty, filled, error, read-only and busy', () => {
    renderSection();
    for (const widget of ['Date input', 'Month-year input', 'Time picker', 'Timezone picker']) {
      const states = statesOf(widget);
      expect(states.some((state) => state.startsWith('Empty'))).toBe(true);
      expect(states.some((state) => state.startsWith('Filled'))).toBe(true);
      expect(states).toContain('Error');
      expect(states).toContain('Read-only');
      expect(states).toContain('Busy');
    }
  });

  it('explains in a caption where a state does not apply', () => {
    renderSection();
    expect(screen.getAllByText(/^Not applicable/)).toHaveLength(2);
    expect(screen.getByText(/a spinner only has its busy state/)).toBeInTheDocument();
    expect(screen.getByText(/Empty, filled and error do not apply to a button/)).toBeInTheDocument();
  });

  it('shows the save button in its three states', () => {
    renderSection();
    expect(statesOf('Save button')).toEqual(
      expect.arrayContaining(['State 0: normal', 'State 1: busy', 'State 2: saved']),
    );
    const busy = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Saving…');
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it('gives every element a unique id', () => {
    const { container } = renderSection();
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('labels every text box', () => {
    const { container } = renderSection();
    const boxes = [...container.querySelectorAll('input:not([type="hidden"])')];
    expect(boxes.length).toBeGreaterThan(20);
    for (const box of boxes) {
      expect(box).toHaveAccessibleName();
    }
    // Computing accessible names over the whole section is slow in jsdom on a busy machine.
  }, 30_000);
});
