import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import './code-input.css';

export type CodeInputProps = {
  /** The digits typed so far; an empty box inside the code is a space. */
  value: string;
  onChange: (value: string) => void;
  /** Called with the code once every box holds a digit. */
  onComplete?: (code: string) => void;
  length?: number;
  /** Id of the element naming the group (its visible label). */
  labelledBy?: string;
  /** Id of the first box, so a `<label htmlFor>` or an error summary can reach it. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

const isDigit = (char: string) => /^[0-9]$/.test(char);

/**
 * A one-time code typed into single-digit boxes (6 by default): typing moves to the next box,
 * Backspace on an empty box goes back, the arrow keys move, and pasting (or the phone filling in
 * an SMS code) spreads the digits across the boxes from the focused one on.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  labelledBy,
  id,
  invalid,
  describedBy,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length }, (_, index) => {
    const char = value[index] ?? '';
    return isDigit(char) ? char : '';
  });

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const emit = (next: string[]) => {
    const joined = next.map((char) => char || ' ').join('').replace(/\s+$/, '');
    onChange(joined);
    if (next.every(isDigit)) {
      onComplete?.(next.join(''));
    }
  };

  /** Writes `digits` from box `start` on; returns the index after the last one written. */
  const fill = (start: number, digits: string[]) => {
    const next = [...chars];
    let index = start;
    for (const digit of digits) {
      if (index >= length) {
        break;
      }
      next[index] = digit;
      index += 1;
    }
    emit(next);
    return index;
  };

  const handleInput = (index: number, raw: string) => {
    const digits = [...raw].filter(isDigit);
    if (raw === '') {
      const next = [...chars];
      next[index] = '';
      emit(next);
      return;
    }
    if (digits.length === 0) {
      return;
    }
    if (digits.length === 1 || raw.length === 2) {
      // One new digit; a box that already held one receives the typed digit in place of it.
      const typed = raw.length === 2 ? (raw[0] === chars[index] ? raw[1]! : raw[0]!) : digits[0]!;
      if (!isDigit(typed)) {
        return;
      }
      fill(index, [typed]);
      focusBox(index + 1);
      return;
    }
    // Several digits at once: the phone's one-time-code autofill.
    focusBox(fill(index, digits));
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = [...event.clipboardData.getData('text')].filter(isDigit);
    event.preventDefault();
    if (digits.length > 0) {
      // A whole code fills every box, wherever the cursor was.
      const start = digits.length >= length ? 0 : index;
      focusBox(fill(start, digits));
    }
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && chars[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = '';
      emit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className="code-input" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {chars.map((char, index) => (
        <input
          // The boxes never reorder: the index is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          id={index === 0 ? id : undefined}
          className="code-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          value={char}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onFocus={(event) => event.target.select()}
          onChange={(event) => handleInput(index, event.target.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
        />
      ))}
    </div>
  );
}
