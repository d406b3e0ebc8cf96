import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import {
  BookingDateRangePicker,
  type BookingDateRangePickerProps,
  type BookingSelection,
} from './booking-date-range-picker';
import { answerFor, requestUrl, TODAY } from './booking-test-fixtures';

type Call = { url: URL; signal: AbortSignal | null; resolve: (body: unknown) => void };

let calls: Call[] = [];
/** Answer requests at once (true) or only when the test resolves them. */
let answerAtOnce = true;
let fullNights: string[] = [];

beforeEach(() => {
  calls = [];
  answerAtOnce = true;
  fullNights = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = requestUrl(input);
      const signal = init?.signal ?? null;
      return new Promise<Response>((resolve, reject) => {
        const respond = (body: unknown) =>
          resolve(
            new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': API_MEDIA_TYPE } }),
          );
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        calls.push({ url, signal, resolve: respond });
        if (answerAtOnce) {
          respond(answerFor(url, fullNights));
        }
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({
  initial = { start_date: null, end_date: null, willing_to_share: false },
  onEmit,
  ...props
}: Partial<BookingDateRangePickerProps> & {
  initial?: BookingSelection;
  onEmit: (value: BookingSelection) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <BookingDateRangePicker
      teamId={7}
      today={TODAY}
      {...props}
      value={value}
      onChange={(next) => {
        onEmit(next);
        setValue(next);
      }}
    />
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });
const availabilityCalls = () =>
  calls.filter((call) => call.url.pathname.includes('residential-availability'));

async function renderReady(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onEmit = vi.fn<(value: BookingSelection) => void>();
  render(<Harness onEmit={onEmit} {...props} />);
  await waitFor(() => expect(day(/^Saturday 5 December 2026/)).toBeEnabled());
  return onEmit;
}

describe('BookingDateRangePicker', () => {
  it('is disabled with a loading message until changeover days and availability have loaded', async () => {
    answerAtOnce = false;
    render(<Harness onEmit={vi.fn()} />);
    expect(screen.getByText('Loading availability…')).toBeInTheDocument();
    expect(day(/^Saturday 5 December 2026/)).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(2));
    const changeover = calls.find((call) =>
      call.url.pathname.endsWith('/teams/7/residential/changeover-days/'),
    );
    act(() => changeover?.resolve(answerFor(changeover.url)));
    expect(day(/^Saturday 5 December 2026/)).toBeDisabled();
    const [availability] = availabilityCalls();
    expect(availability?.url.pathname).toBe('/api/residential-availability/team/7');
    // The first month shown is November: October to January is asked for.
    expect(Object.fromEntries(availability?.url.searchParams ?? [])).toEqual({
      willing_to_share: '0',
      start_date: '2026-10-01',
      end_date: '2027-01-31',
    });
    act(() => availability?.resolve(answerFor(availability.url)));
    await waitFor(() => expect(day(/^Saturday 5 December 2026/)).toBeEnabled());
    expect(screen.queryByText('Loading availability…')).not.toBeInTheDocument();
  });

  it('shows up to two durations as buttons and more as a select, the first chosen', async () => {
    await renderReady();
    const group = screen.getByRole('group', { name: 'Length of stay' });
    expect(within(group).getByRole('button', { name: '7 nights' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: '14 nights' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('combobox', { name: 'Length of stay' })).not.toBeInTheDocument();
  });

  it('offers a select when there are more than two durations', async () => {
    await renderReady({ minDuration: 7, maxDuration: 28 });
    const select = screen.getByRole('combobox', { name: 'Length of stay' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['7 nights', '14 nights', '21 nights', '28 nights']);
    expect(select).toHaveValue('7');
  });

  it('emits an accepted range picked start first, then end', async () => {
    const onEmit = await renderReady();
    const user = userEvent.setup();
    expect(screen.getByText('Choose your start date.')).toBeInTheDocument();
    await user.click(day(/^Saturday 5 December 2026/));
    expect(onEmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose your end date.')).toBeInTheDocument();
    // Once a start is chosen, only its end (a week later) can be picked.
    expect(day(/^Saturday 19 December 2026/)).toHaveAccessibleName('Saturday 19 December 2026, unavailable');
    await user.click(day(/^Saturday 12 December 2026/));
    expect(onEmit).toHaveBeenLastCalledWith({
      start_date: '2026-12-05',
      end_date: '2026-12-12',
      willing_to_share: false,
    });
    expect(screen.getByText('Your stay: 05/12/2026 to 12/12/2026, 7 nights.')).toBeInTheDocument();
  });

  it('is operated with the keyboard alone, moving through unavailable days', async () => {
    const onEmit = await renderReady();
    const user = userEvent.setup();
    const friday = day(/^Friday 4 December 2026/);
    act(() => friday.focus());
    await user.keyboard('{ArrowRight}');
    expect(day(/^Saturday 5 December 2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    // Sunday cannot start a stay, yet the keyboard reaches it.
    expect(day(/^Sunday 6 December 2026/)).toHaveFocus();
    expect(day(/^Sunday 6 December 2026/)).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowLeft}{Enter}{ArrowDown}{Enter}');
    expect(onEmit).toHaveBeenLastCalledWith({
      start_date: '2026-12-05',
      end_date: '2026-12-12',
      willing_to_share: false,
    });
  });

  it('refuses a range the rules refuse and says why in a live region', async () => {
    fullNights = ['2026-12-16'];
    const onEmit = await renderReady();
    const user = userEvent.setup();
    const sunday = day(/^Sunday 6 December 2026/);
    expect(sunday).toHaveAccessibleName('Sunday 6 December 2026, unavailable');
    await user.click(sunday);
    const live = document.querySelector('[aria-live="polite"].booking-picker__live');
    expect(live).toHaveTextContent('Your stay must start on a Saturday.');
    // A start whose week has a full night is refused with the night.
    await user.click(day(/^Saturday 12 December 2026/));
    expect(live).toHaveTextContent('There is no space left on the night of 16/12/2026.');
    // With 14 nights chosen, a one-week stay is too short.
    await user.click(screen.getByRole('button', { name: '14 nights' }));
    await user.click(day(/^Saturday 28 November 2026/));
    await user.click(day(/^Saturday 5 December 2026/));
    expect(live).toHaveTextContent('Your stay must be 14 nights.');
    expect(onEmit).not.toHaveBeenCalled();
  });

  it('clears the dates when the duration changes', async () => {
    const onEmit = await renderReady({
      initial: { start_date: '2026-12-05', end_date: '2026-12-12', willing_to_share: false },
    });
    expect(screen.getByText('05/12/2026')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '14 nights' }));
    expect(onEmit).toHaveBeenLastCalledWith({ start_date: null, end_date: null, willing_to_share: false });
    expect(screen.getAllByText('Not chosen')).toHaveLength(2);
  });

  it('keeps the dates when sharing is ticked and clears them when it is unticked', async () => {
    const onEmit = await renderReady({
      initial: { start_date: '2026-12-05', end_date: '2026-12-12', willing_to_share: false },
    });
    const user = userEvent.setup();
    const share = screen.getByRole('checkbox', { name: 'I am willing to share a room' });
    await user.click(share);
    expect(onEmit).toHaveBeenLastCalledWith({
      start_date: '2026-12-05',
      end_date: '2026-12-12',
      willing_to_share: true,
    });
    // Sharing changes the figures: they are asked for again.
    await waitFor(() =>
      expect(availabilityCalls().at(-1)?.url.searchParams.get('willing_to_share')).toBe('1'),
    );
    await waitFor(() => expect(day(/^Saturday 5 December 2026/)).toBeEnabled());
    await user.click(share);
    expect(onEmit).toHaveBeenLastCalledWith({ start_date: null, end_date: null, willing_to_share: false });
  });

  it('always accepts clearing the dates', async () => {
    const onEmit = await renderReady({
      initial: { start_date: '2026-12-05', end_date: '2026-12-12', willing_to_share: true },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onEmit).toHaveBeenLastCalledWith({ start_date: null, end_date: null, willing_to_share: true });
  });

  it('reloads availability on a month change, cancelling the request in flight', async () => {
    await renderReady();
    answerAtOnce = false;
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: /next month/i });
    await user.click(next);
    await waitFor(() => expect(availabilityCalls()).toHaveLength(2));
    const december = availabilityCalls()[1];
    expect(december?.url.searchParams.get('start_date')).toBe('2026-11-01');
    expect(december?.url.searchParams.get('end_date')).toBe('2027-02-28');
    expect(december?.signal?.aborted).toBe(false);
    await user.click(next);
    await waitFor(() => expect(availabilityCalls()).toHaveLength(3));
    expect(december?.signal?.aborted).toBe(true);
    const january = availabilityCalls()[2];
    expect(january?.url.searchParams.get('start_date')).toBe('2026-12-01');
    expect(january?.url.searchParams.get('end_date')).toBe('2027-03-31');
    act(() => january?.resolve(answerFor(january.url)));
    await waitFor(() => expect(screen.queryByText('Loading availability…')).not.toBeInTheDocument());
    expect(day(/^Saturday 6 February 2027$/)).toBeEnabled();
  });

  it('opens as a dropdown that closes with OK or a click outside', async () => {
    const onEmit = vi.fn();
    render(
      <div>
        <p>Outside</p>
        <Harness onEmit={onEmit} display="dropdown" toggleLabel="Edit dates" />
      </div>,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Edit dates' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(day(/^Saturday 5 December 2026/)).toBeEnabled());
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
