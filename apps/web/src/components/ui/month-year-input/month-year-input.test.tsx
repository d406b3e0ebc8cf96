import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MonthYearInput, type MonthYearInputProps } from './month-year-input';

function Harness(props: Partial<MonthYearInputProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthYearInput label="Lived here since" {...rest} value={value} onChange={setValue} />
      <p data-testid="value">[{value}]</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

const month = () => screen.getByRole('textbox', { name: 'Month' });
const year = () => screen.getByRole('textbox', { name: 'Year' });
const shown = () => screen.getByTestId('value').textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 1));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MonthYearInput', () => {
  it('is a fieldset with a legend, a month box and a year box, with the hint linked', () => {
    render(<MonthYearInput label="Lived here since" />);
    expect(screen.getByRole('group', { name: 'Lived here since' })).toBeInTheDocument();
    expect(month()).toHaveAccessibleDescription('For example, 11/2019');
    expect(year()).toHaveAttribute('placeholder', 'YYYY');
    expect(month()).toHaveAttribute('inputmode', 'numeric');
  });

  it('emits YYYY-MM once both boxes are right, and shows a stored value', async () => {
    render(<Harness initial="2019-03" />);
    expect(month()).toHaveValue('03');
    expect(year()).toHaveValue('2019');
    await userEvent.clear(month());
    expect(shown()).toBe('[]');
    await userEvent.type(month(), '7');
    expect(shown()).toBe('[2019-07]');
  });

  it('takes at most 4 characters of year, digits only', async () => {
    render(<Harness />);
    await userEvent.type(year(), '2a0189');
    expect(year()).toHaveValue('2018');
  });

  it('lets a future year stand without past-only', async () => {
    render(<Harness />);
    await userEvent.type(month(), '5');
    await userEvent.type(year(), '2099');
    expect(shown()).toBe('[2099-05]');
  });

  it('caps the year at the current year in past-only mode, and says so in the hint', async () => {
    render(<Harness pastOnly />);
    expect(month()).toHaveAccessibleDescription('For example, 11/2019. The year cannot be later than 2025');
    await userEvent.type(month(), '5');
    await userEvent.type(year(), '2099');
    expect(year()).toHaveValue('2025');
    expect(shown()).toBe('[2025-05]');
  });

  it('keeps the current year itself in past-only mode', async () => {
    render(<Harness pastOnly />);
    await userEvent.type(month(), '5');
    await userEvent.type(year(), '2025');
    expect(shown()).toBe('[2025-05]');
  });

  it('replaces a non-positive year by the current year when the year box is left', async () => {
    render(<Harness />);
    await userEvent.type(month(), '4');
    await userEvent.type(year(), '0');
    expect(year()).toHaveValue('0');
    await userEvent.tab();
    expect(year()).toHaveValue('2025');
    expect(shown()).toBe('[2025-04]');
  });

  it('refuses a month outside 1-12 and a short year with a message next to the field', async () => {
    render(<Harness />);
    await userEvent.type(month(), '13');
    await userEvent.type(year(), '2019');
    await userEvent.tab();
    expect(shown()).toBe('[]');
    expect(screen.getByText('Month must be between 1 and 12')).toBeInTheDocument();
    expect(month()).toHaveAttribute('aria-invalid', 'true');
    expect(month()).toHaveAccessibleDescription('For example, 11/2019 Error: Month must be between 1 and 12');
    await userEvent.clear(month());
    await userEvent.type(month(), '1');
    await userEvent.clear(year());
    await userEvent.type(year(), '201');
    expect(screen.getByText('Year must have 4 digits, for example 2019')).toBeInTheDocument();
  });

  it('names a missing part once the user leaves', async () => {
    render(<Harness />);
    await userEvent.type(month(), '4');
    expect(screen.queryByText(/must include/)).toBeNull();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByText('Lived here since must include a year')).toBeInTheDocument();
  });

  it('shows an error given by the form', () => {
    render(<MonthYearInput label="Lived here since" error="Please provide a date" />);
    expect(month()).toHaveAccessibleDescription('For example, 11/2019 Error: Please provide a date');
    expect(year()).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only when asked', async () => {
    const onChange = vi.fn();
    render(<MonthYearInput label="Since" value="2019-03" readOnly onChange={onChange} />);
    await userEvent.type(year(), '1');
    expect(year()).toHaveValue('2019');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fills both boxes from a pasted 11/2019', async () => {
    render(<Harness />);
    await userEvent.click(month());
    await userEvent.paste('11/2019');
    expect(shown()).toBe('[2019-11]');
  });

  it('works as a react-hook-form field', async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm({ defaultValues: { since: '2018-01' } });
      return (
        <form onSubmit={(event) => void handleSubmit(onValid)(event)}>
          <Controller name="since" control={control} render={({ field }) => <MonthYearInput label="Since" {...field} />} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    expect(year()).toHaveValue('2018');
    await userEvent.clear(year());
    await userEvent.type(year(), '2020');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ since: '2020-01' }, expect.anything());
  });
});
