import { createRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedInput, type Segments, type SegmentedInputProps } from './segmented-input';
import { digitsOnly } from './date-parts';

type Part = 'hours' | 'minutes';
type Parts = Segments<Part>;

const parts: Part[] = ['hours', 'minutes'];

function fromValue(value: string | undefined): Parts {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  return match ? { hours: match[1] ?? '', minutes: match[2] ?? '' } : { hours: '', minutes: '' };
}

function check(segments: Parts) {
  if (segments.hours === '' && segments.minutes === '') {
    return null;
  }
  if (segments.hours === '' || segments.minutes === '') {
    return { message: 'Duration must include hours and minutes', parts: parts.filter((part) => segments[part] === '') };
  }
  return Number(segments.minutes) > 59 ? { message: 'Minutes must be 59 or less', parts: ['minutes' as const] } : null;
}

function toValue(segments: Parts): string {
  return segments.hours === '' || check(segments) ? '' : `${segments.hours.padStart(2, '0')}:${segments.minutes.padStart(2, '0')}`;
}

type TestProps = Partial<SegmentedInputProps<Part>>;

/** A two-box field (hours, minutes) standing in for any caller. */
function Field(props: TestProps) {
  return (
    <SegmentedInput<Part>
      label="Duration"
      hint="For example, 01:30"
      idPrefix="duration"
      parts={parts}
      partLabels={{ hours: 'Hours', minutes: 'Minutes' }}
      placeholders={{ hours: 'hh', minutes: 'mm' }}
      segmentsFromValue={fromValue}
      valueFromSegments={toValue}
      check={check}
      clean={(_part, raw) => digitsOnly(raw, 2)}
      segmentsFromPaste={(text) => (/^\d{2}:\d{2}$/.test(text) ? fromValue(text) : null)}
      separatorParts={parts}
      {...props}
    />
  );
}

function Harness(props: TestProps & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field {...rest} value={value} onChange={setValue} />
      <p data-testid="value">[{value}]</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

const hours = () => screen.getByRole('textbox', { name: 'Hours' });
const minutes = () => screen.getByRole('textbox', { name: 'Minutes' });
const shown = () => screen.getByTestId('value').textContent;

describe('SegmentedInput', () => {
  it('gives the first box the id and the ref, the others the id plus their part, and links the hint', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Field id="length" name="length" ref={ref} />);
    expect(screen.getByRole('group', { name: 'Duration' })).toBeInTheDocument();
    expect(hours()).toHaveAttribute('id', 'length');
    expect(minutes()).toHaveAttribute('id', 'length-minutes');
    expect(ref.current).toBe(hours());
    expect(hours()).toHaveAccessibleDescription('For example, 01:30');
    expect(minutes()).toHaveAttribute('autocomplete', 'off');
    expect(minutes()).toHaveAttribute('inputmode', 'numeric');
  });

  it('emits the stored value once the boxes are valid and carries it in the hidden input', async () => {
    const { container } = render(<Harness name="length" />);
    await userEvent.type(hours(), '1a');
    expect(hours()).toHaveValue('1');
    expect(shown()).toBe('[]');
    await userEvent.type(minutes(), '30');
    expect(shown()).toBe('[01:30]');
    expect(container.querySelector('input[type="hidden"]')).toHaveValue('01:30');
  });

  it('moves on at a separator only in the listed boxes', async () => {
    render(<Harness separatorParts={['hours']} />);
    await userEvent.type(hours(), '2/');
    expect(minutes()).toHaveFocus();
    await userEvent.type(minutes(), '4/5');
    expect(minutes()).toHaveValue('45');
  });

  it('fills every box from a whole pasted value and focuses the last box', async () => {
    render(<Harness />);
    await userEvent.click(hours());
    await userEvent.paste('02:15');
    expect(shown()).toBe('[02:15]');
    expect(minutes()).toHaveFocus();
  });

  it('shows its own complaint and marks the box once focus leaves the field, not before', async () => {
    const onProblemChange = vi.fn();
    const onBlur = vi.fn();
    render(<Harness onProblemChange={onProblemChange} onBlur={onBlur} />);
    await userEvent.type(hours(), '1');
    expect(onProblemChange).toHaveBeenLastCalledWith('Duration must include hours and minutes');
    await userEvent.click(minutes());
    expect(onBlur).not.toHaveBeenCalled();
    expect(screen.queryByText('Duration must include hours and minutes')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Duration must include hours and minutes')).toBeInTheDocument();
    expect(minutes()).toHaveAttribute('aria-invalid', 'true');
    expect(hours()).not.toHaveAttribute('aria-invalid');
  });

  it('settles the boxes when the user leaves one', async () => {
    const settle = (part: Part, segments: Parts) => (part === 'minutes' && segments.minutes.length === 1 ? { ...segments, minutes: `0${segments.minutes}` } : segments);
    render(<Harness settle={settle} />);
    await userEvent.type(hours(), '1');
    await userEvent.type(minutes(), '5');
    fireEvent.blur(minutes());
    expect(minutes()).toHaveValue('05');
    expect(shown()).toBe('[01:05]');
  });

  it('takes a new value from outside, and marks read-only only when asked', () => {
    const { container, rerender } = render(<Field value="03:20" readOnly flagReadOnly className="extra" />);
    expect(hours()).toHaveValue('03');
    expect(container.firstElementChild).toHaveClass('date-input', 'extra', 'date-input--readonly');
    rerender(<Field value="04:10" readOnly />);
    expect(minutes()).toHaveValue('10');
    expect(container.firstElementChild).not.toHaveClass('date-input--readonly');
  });
});
