import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from './spinner';

type Listener = () => void;

/** A controllable `prefers-reduced-motion` media query (jsdom has no matchMedia). */
function stubReducedMotion(initial: boolean) {
  let matches = initial;
  const listeners = new Set<Listener>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    })),
  );
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Spinner', () => {
  it('is a status announced to screen readers as "Loading…" by default, visually hidden', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(screen.getByText('Loading…')).toHaveClass('visually-hidden');
  });

  it('takes its announcement from the label prop', () => {
    render(<Spinner label="Loading time zones…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading time zones…');
  });

  it('shows the label when asked', () => {
    render(<Spinner label="Saving…" showLabel />);
    expect(screen.getByText('Saving…')).not.toHaveClass('visually-hidden');
  });

  it('stands still and shows its label when the user prefers reduced motion', () => {
    stubReducedMotion(true);
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-motion', 'reduced');
    expect(status).toHaveClass('spinner--still');
    expect(screen.getByText('Loading…')).not.toHaveClass('visually-hidden');
  });

  it('follows a change of the motion preference while shown', () => {
    const preference = stubReducedMotion(false);
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveAttribute('data-motion', 'full');
    act(() => preference.set(true));
    expect(screen.getByRole('status')).toHaveAttribute('data-motion', 'reduced');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
