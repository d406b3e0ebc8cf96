import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

function Harness({ onComplete, onChange }: { onComplete?: (code: string) => void; onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <span id="code-label">Code</span>
      <CodeInput
        labelledBy="code-label"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        onComplete={onComplete}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');

describe('CodeInput', () => {
  it('has six single-character boxes in a labelled group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]).toHaveAccessibleName('Digit 1 of 6');
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[0]).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves to the next box after each digit, ignoring anything else', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1a2');
    expect(boxes()[2]).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent('12');
    await userEvent.keyboard('3456');
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('pasting "123456" fills every box', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(boxes()[2]!);
    await userEvent.paste('123456');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('pasting "12 34 56" with spaces still fills every box', async () => {
    render(<Harness />);
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('12 34 56');
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
  });

  it('Backspace on an empty box clears the previous one and goes back', async () => {
    render(<Harness />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12');
    expect(boxes()[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });
});
