import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { BookingDateRangePicker, type BookingSelection } from './booking-date-range-picker';
import { answerFor, requestUrl, TODAY } from './booking-test-fixtures';

/*
 * The picker on Preact, as the browser build runs it (the "preact" Vitest project aliases react and
 * react-dom onto preact/compat, react-day-picker included). Preact runs a component's pending
 * effects when it renders again, which React does not do the same way: what these tests catch
 * does not show on React.
 */

/** More focus() calls than any of these walks needs: past it, a loop is stopped by a throw. */
const FOCUS_LIMIT = 100;

let root: Root | null = null;
let focusCalls = 0;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async (input) =>
        new Response(JSON.stringify(answerFor(requestUrl(input))), {
          status: 200,
          headers: { 'content-type': API_MEDIA_TYPE },
        }),
    ),
  );
  focusCalls = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to its element below
  const { focus } = HTMLElement.prototype;
  // A focus loop runs synchronously and would hang the worker: it ends here as a failure instead.
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
    focusCalls += 1;
    if (focusCalls > FOCUS_LIMIT) {
      throw new Error(`focus() called more than ${FOCUS_LIMIT} times: a focus loop`);
    }
    Reflect.apply(focus, this, [options]);
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Harness({ onEmit }: { onEmit: (value: BookingSelection) => void }) {
  const [value, setValue] = useState<BookingSelection>({
    start_date: null,
    end_date: null,
    willing_to_share: false,
  });
  return (
    <BookingDateRangePicker
      teamId={7}
      today={TODAY}
      value={value}
      onChange={(next) => {
        onEmit(next);
        setValue(next);
      }}
    />
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });

async function renderReady() {
  const onEmit = vi.fn<(value: BookingSelection) => void>();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  act(() => root?.render(<Harness onEmit={onEmit} />));
  await waitFor(() => expect(day(/^Saturday 5 December 2026/)).toBeEnabled());
  return onEmit;
}

describe('BookingDateRangePicker on Preact', () => {
  it('follows arrow keys pressed without waiting, through unavailable days and into the next month', async () => {
    await renderReady();
    const user = userEvent.setup();
    await act(async () => day(/^Thursday 26 November 2026/).focus());
    focusCalls = 0;
    // Each press comes before the focus of the one before has been painted, as a held-down key does.
    await user.keyboard('{ArrowDown>5/}{ArrowRight>2/}');
    expect(day(/^Saturday 2 January 2027/)).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
    // One focus() a press: none repeated, none bouncing between two days.
    expect(focusCalls).toBe(7);
    await user.keyboard('{ArrowRight}');
    expect(day(/^Sunday 3 January 2027/)).toHaveFocus();
    expect(day(/^Sunday 3 January 2027/)).toHaveAttribute('aria-disabled', 'true');
  });

  it('picks a stay with presses that do not wait for the focus to move', async () => {
    const onEmit = await renderReady();
    const user = userEvent.setup();
    day(/^Friday 4 December 2026/).focus();
    await user.keyboard('{ArrowRight}{Enter}{ArrowDown}{Enter}');
    expect(onEmit).toHaveBeenLastCalledWith({
      start_date: '2026-12-05',
      end_date: '2026-12-12',
      willing_to_share: false,
    });
  });
});
