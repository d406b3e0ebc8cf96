import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateInput, type DateInputProps } from './date-input';

/** A controlled date input that prints what it emitted. */
function Harness(props: Partial<DateInputProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput label="Date of birth" {...rest} value={value} onChange={setValue} />
      <p data-testid="value">[{value}]</p>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
      <button type="button" onClick={() => setValue('2001-02-03')}>
        Prefill
      </button>
    </>
  );
}

const day = () => screen.getByRole('textbox', { name: 'Day' });
const month = () => screen.getByRole('textbox', { name: 'Month' });
const year = () => screen.getByRole('textbox', { name: 'Year' });
const shown = () => screen.getByTestId('value').textContent;

async function typeDate(d: string, m: string, y: string) {
  if (d) {
    await userEvent.type(day(), d);
  }
  if (m) {
    await userEvent.type(month(), m);
  }
  if (y) {
    await userEvent.type(year(), y);
  }
}

beforeEach(() => {
  // Only the clock is faked, so user-event's own timers still run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 1));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DateInput', () => {
  it('is a fieldset with the label as legend and three labelled boxes', () => {
    render(<DateInput label="Date of birth" />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).getAllByRole('textbox').map((box) => box.getAttribute('id') !== null)).toEqual([true, true, true]);
    expect(day()).toBeInTheDocument();
    expect(month()).toBeInTheDocument();
    expect(year()).toBeInTheDocument();
  });

  it('shows the hint "For example, 27/11/1989" and links it to every box', () => {
    render(<DateInput label="Date of birth" />);
    for (const box of [day(), month(), year()]) {
      expect(box).toHaveAccessibleDescription('For example, 27/11/1989');
    }
  });

  it('has the placeholders dd, mm and YYYY and a numeric keyboard', () => {
    render(<DateInput label="Date" />);
    expect(day()).toHaveAttribute('placeholder', 'dd');
    expect(month()).toHaveAttribute('placeholder', 'mm');
    expect(year()).toHaveAttribute('placeholder', 'YYYY');
    for (const box of [day(), month(), year()]) {
      expect(box).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('asks for the birthday autocomplete only for a date of birth', () => {
    const { unmount } = render(<DateInput label="Date of birth" dateOfBirth />);
    expect(day()).toHaveAttribute('autocomplete', 'bday-day');
    expect(month()).toHaveAttribute('autocomplete', 'bday-month');
    expect(year()).toHaveAttribute('autocomplete', 'bday-year');
    unmount();
    render(<DateInput label="Start date" />);
    expect(day()).toHaveAttribute('autocomplete', 'off');
  });

  it('shows a stored YYYY-MM-DD as DD/MM/YYYY', () => {
    render(<Harness initial="1989-11-27" />);
    expect(day()).toHaveValue('27');
    expect(month()).toHaveValue('11');
    expect(year()).toHaveValue('1989');
  });

  it("emits YYYY-MM-DD once complete and '' while incomplete", async () => {
    render(<Harness />);
    await typeDate('27', '11', '198');
    expect(shown()).toBe('[]');
    await userEvent.type(year(), '9');
    expect(shown()).toBe('[1989-11-27]');
    await userEvent.type(year(), '{Backspace}');
    expect(shown()).toBe('[]');
    expect(year()).toHaveValue('198');
  });

  it('pads a single-digit day and month in the value', async () => {
    render(<Harness />);
    await typeDate('5', '1', '1989');
    expect(shown()).toBe('[1989-01-05]');
  });

  it('takes two digits at most in day and month, four in year, and digits only', async () => {
    render(<Harness />);
    await typeDate('1a23', '0x45', '19899');
    expect(day()).toHaveValue('12');
    expect(month()).toHaveValue('04');
    expect(year()).toHaveValue('1989');
  });

  it('says nothing about a half-typed date until the user leaves the field', async () => {
    render(<Harness />);
    await typeDate('27', '', '');
    expect(screen.queryByText(/must include/)).toBeNull();
    await userEvent.tab();
    await userEvent.tab();
    expect(year()).toHaveFocus();
    expect(screen.queryByText(/must include/)).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Date of birth must include a month and a year')).toBeInTheDocument();
  });

  it.each([
    ['32', '1', '2000', 'Day must be between 1 and 31', 'day'],
    ['1', '13', '2000', 'Month must be between 1 and 12', 'month'],
    ['1', '1', '1899', 'Year must be between 1900 and 2125', 'year'],
    ['1', '1', '2126', 'Year must be between 1900 and 2125', 'year'],
  ])('refuses %s/%s/%s with "%s" next to the field', async (d, m, y, message, part) => {
    render(<Harness />);
    await typeDate(d, m, y);
    await userEvent.tab();
    expect(shown()).toBe('[]');
    const error = screen.getByText(message);
    expect(error).toBeVisible();
    const box = screen.getByRole('textbox', { name: part[0]?.toUpperCase() + part.slice(1) });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(`For example, 27/11/1989 Error: ${message}`);
  });

  it('accepts the last year of the range, the current year plus 100', async () => {
    render(<Harness />);
    await typeDate('31', '12', '2125');
    expect(shown()).toBe('[2125-12-31]');
  });

  it('refuses an impossible date such as 31/02 with a human message', async () => {
    render(<Harness />);
    await typeDate('31', '02', '2023');
    await userEvent.tab();
    expect(shown()).toBe('[]');
    expect(screen.getByText('31/02/2023 is not a real date')).toBeInTheDocument();
    expect(day()).toHaveAttribute('aria-invalid', 'true');
    expect(month()).toHaveAttribute('aria-invalid', 'true');
    expect(year()).not.toHaveAttribute('aria-invalid');
  });

  it('accepts 29/02 in a leap year', async () => {
    render(<Harness />);
    await typeDate('29', '02', '2024');
    expect(shown()).toBe('[2024-02-29]');
  });

  it('shows an error given by the form, linked by aria-describedby, and marks the boxes', () => {
    render(<DateInput label="Date of birth" error="Please provide a date" />);
    const error = screen.getByText('Please provide a date');
    expect(error.id).not.toBe('');
    expect(day().getAttribute('aria-describedby')).toContain(error.id);
    expect(day()).toHaveAccessibleDescription('For example, 27/11/1989 Error: Please provide a date');
    expect(year()).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells the parent about its own complaint', async () => {
    const onProblemChange = vi.fn();
    render(<DateInput label="Date" onProblemChange={onProblemChange} />);
    await userEvent.type(day(), '31');
    expect(onProblemChange).toHaveBeenLastCalledWith('Date must include a month and a year');
    await userEvent.type(month(), '02');
    await userEvent.type(year(), '2023');
    expect(onProblemChange).toHaveBeenLastCalledWith('31/02/2023 is not a real date');
    await userEvent.clear(day());
    await userEvent.type(day(), '28');
    expect(onProblemChange).toHaveBeenLastCalledWith(null);
  });

  it('is read-only: the boxes show the date and cannot be changed', async () => {
    const onChange = vi.fn();
    render(<DateInput label="Date of birth" value="1989-11-27" onChange={onChange} readOnly />);
    expect(day()).toHaveAttribute('readonly');
    await userEvent.type(day(), '1');
    expect(day()).toHaveValue('27');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('For example, 27/11/1989')).toBeNull();
  });

  it('is disabled as a whole', () => {
    render(<DateInput label="Date" disabled />);
    expect(day()).toBeDisabled();
    expect(year()).toBeDisabled();
  });

  it('shows a spinner status and aria-busy while busy', () => {
    render(<DateInput label="Arrival" busy busyLabel="Checking your bookings…" />);
    expect(screen.getByRole('group', { name: 'Arrival' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your bookings…');
  });

  it('replaces its boxes when the parent resets or prefills the value, but keeps half-typed digits', async () => {
    render(<Harness initial="1989-11-27" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(day()).toHaveValue('');
    expect(year()).toHaveValue('');
    await userEvent.type(day(), '1');
    expect(day()).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'Prefill' }));
    expect(day()).toHaveValue('03');
    expect(month()).toHaveValue('02');
    expect(year()).toHaveValue('2001');
  });

  it('moves to the next box when a separator is typed', async () => {
    render(<Harness />);
    await userEvent.click(day());
    await userEvent.keyboard('27/11/1989');
    expect(shown()).toBe('[1989-11-27]');
    expect(year()).toHaveFocus();
  });

  it('fills all three boxes from a pasted date', async () => {
    render(<Harness />);
    await userEvent.click(day());
    await userEvent.paste('27/11/1989');
    expect(shown()).toBe('[1989-11-27]');
  });

  it('carries the value in a hidden input when named', async () => {
    const { container } = render(<Harness name="date_of_birth" />);
    await typeDate('27', '11', '1989');
    expect(container.querySelector('input[type="hidden"][name="date_of_birth"]')).toHaveValue('1989-11-27');
  });
});

describe('DateInput with react-hook-form', () => {
  const schema = z.object({ date_of_birth: z.string().min(1, 'Please provide a date') });
  type Values = z.infer<typeof schema>;

  function Form({ onValid }: { onValid: (values: Values) => void }) {
    const { control, handleSubmit, setFocus } = useForm<Values>({
      resolver: zodResolver(schema),
      defaultValues: { date_of_birth: '' },
    });
    return (
      <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
        <Controller
          name="date_of_birth"
          control={control}
          render={({ field, fieldState }) => (
            <DateInput label="Date of birth" dateOfBirth required {...field} error={fieldState.error?.message} />
          )}
        />
        <button type="submit">Continue</button>
        <button type="button" onClick={() => setFocus('date_of_birth')}>
          Focus
        </button>
      </form>
    );
  }

  it('shows the form error, then submits YYYY-MM-DD once a real date is typed', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please provide a date')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    await typeDate('27', '11', '1989');
    expect(screen.queryByText('Please provide a date')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onValid).toHaveBeenCalledWith({ date_of_birth: '1989-11-27' }, expect.anything());
  });

  it('lets the form focus the day box through its ref', async () => {
    render(<Form onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Focus' }));
    expect(day()).toHaveFocus();
  });
});
