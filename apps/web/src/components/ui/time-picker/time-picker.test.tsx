import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TimePicker, type TimePickerProps } from './time-picker';

function Harness(props: Partial<TimePickerProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimePicker label="Start time" {...rest} value={value} onChange={setValue} />
      <p data-testid="value">[{value}]</p>
      <button type="button">Next</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Start time' });
const shown = () => screen.getByTestId('value').textContent;
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('TimePicker', () => {
  it('is a labelled combobox controlling a listbox, with the hint linked', () => {
    render(<TimePicker label="Start time" />);
    const input = box();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAccessibleDescription('For example, 14:30');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox).toHaveAttribute('role', 'listbox');
  });

  it('opens with Down on the first time and moves with Down and Up', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('00:00');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('00:30');
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('00:15');
    expect(shown()).toBe('[]');
  });

  it('offers times at the minute step: 15 by default, 5 when asked', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(96);
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('00:15');
    unmount();
    render(<Harness minuteStep={5} />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(288);
    expect(activeOption()).toHaveTextContent('00:05');
  });

  it('jumps to the first and last time with Home and End, and chooses with Enter', async () => {
    render(<Harness />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{End}');
    expect(activeOption()).toHaveTextContent('23:45');
    await userEvent.keyboard('{Home}');
    expect(activeOption()).toHaveTextContent('00:00');
    await userEvent.keyboard('{End}{ArrowUp}{Enter}');
    expect(shown()).toBe('[23:30]');
    expect(box()).toHaveValue('23:30');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('opens on the chosen time and marks it selected', async () => {
    render(<Harness initial="14:30" />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('14:30');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  it('closes with Escape without changing the value', async () => {
    render(<Harness initial="09:00" />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(shown()).toBe('[09:00]');
  });

  it('does not submit the form when Enter chooses from the open list', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <TimePicker label="Start time" />
        <button type="submit">Send</button>
      </form>,
    );
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box()).toHaveValue('00:00');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('filters the list as the user types, and Down then Enter picks a match', async () => {
    render(<Harness />);
    await userEvent.type(box(), '9:');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['09:00', '09:15', '09:30', '09:45']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(shown()).toBe('[09:15]');
  });

  it('takes a typed HH:MM, and a typed H:MM tidied to HH:MM on Enter', async () => {
    render(<Harness />);
    await userEvent.type(box(), '14:30');
    expect(shown()).toBe('[14:30]');
    await userEvent.clear(box());
    await userEvent.type(box(), '9:45{Enter}');
    expect(shown()).toBe('[09:45]');
    expect(box()).toHaveValue('09:45');
  });

  it('refuses a typed non-time with a message next to the field, once the user leaves', async () => {
    render(<Harness />);
    await userEvent.type(box(), '25:00');
    expect(screen.queryByText(/valid time/)).toBeNull();
    await userEvent.tab();
    expect(shown()).toBe('[]');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveAccessibleDescription('For example, 14:30 Error: Please enter a valid time, for example 14:30');
  });

  it('refuses a typed time off the minute step', async () => {
    render(<Harness />);
    await userEvent.type(box(), '14:07');
    await userEvent.tab();
    expect(shown()).toBe('[]');
    expect(screen.getByText('Please enter a time in steps of 15 minutes, for example 14:45')).toBeInTheDocument();
  });

  it('chooses a time by mouse from the button-opened list', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Show times for Start time' }));
    expect(box()).toHaveFocus();
    await userEvent.click(screen.getByRole('option', { name: '08:15' }));
    expect(shown()).toBe('[08:15]');
  });

  it('shows an error given by the form', () => {
    render(<TimePicker label="Start time" error="Please select a date and a time" />);
    expect(box()).toHaveAccessibleDescription('For example, 14:30 Error: Please select a date and a time');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only: no list, no typing', async () => {
    const onChange = vi.fn();
    render(<TimePicker label="Start time" value="10:00" readOnly onChange={onChange} />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}1');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('10:00');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('works as a react-hook-form field', async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm({ defaultValues: { start: '' } });
      return (
        <form onSubmit={(event) => void handleSubmit(onValid)(event)}>
          <Controller name="start" control={control} render={({ field }) => <TimePicker label="Start time" {...field} />} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{End}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ start: '23:45' }, expect.anything());
  });
});
