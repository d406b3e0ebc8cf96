import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  consentQuestionError,
  toggleMultiple,
  toggleSingleCheckbox,
  type ConsentAnswer,
  type ConsentLogEntry,
  type ConsentQuestionData,
} from './consent-answer';
import { ConsentQuestion } from './consent-question';

const options = [
  { id: 1, value: 'Yes' },
  { id: 2, value: 'No' },
  { id: 3, value: 'Maybe' },
];

function question(overrides: Partial<ConsentQuestionData> = {}): ConsentQuestionData {
  return { id: 9, statement: 'May we take photographs?', compulsory: true, type: 'radio', options, answer: null, ...overrides };
}

/** Holds the answer like a form would, and reports every change. */
function Controlled({ initial, onChange, validate = true }: { initial: ConsentQuestionData; onChange?: (answer: ConsentAnswer) => void; validate?: boolean }) {
  const [answer, setAnswer] = useState<ConsentAnswer>(initial.answer ?? null);
  return (
    <ConsentQuestion
      question={initial}
      answer={answer}
      validate={validate}
      onChange={(next) => {
        setAnswer(next);
        onChange?.(next);
      }}
    />
  );
}

describe('answer transitions', () => {
  it('single checkbox toggles between the first option and no answer', () => {
    expect(toggleSingleCheckbox(options, true)).toBe(1);
    expect(toggleSingleCheckbox(options, false)).toBeNull();
  });

  it('multiple checkboxes add and remove option ids', () => {
    expect(toggleMultiple(null, 2, true)).toEqual([2]);
    expect(toggleMultiple([2], 3, true)).toEqual([2, 3]);
    expect(toggleMultiple([2, 3], 2, false)).toEqual([3]);
  });

  it('validates only a compulsory question with options', () => {
    expect(consentQuestionError(question(), null)).toBe('Please select an option');
    expect(consentQuestionError(question({ type: 'checkbox' }), null)).toBe('You must agree to the above statement');
    expect(consentQuestionError(question({ type: 'multiple-checkboxes' }), [])).toBe('Please select at least one answer');
    expect(consentQuestionError(question(), 2)).toBeNull();
    expect(consentQuestionError(question({ compulsory: false }), null)).toBeNull();
    expect(consentQuestionError(question({ options: [] }), null)).toBeNull();
  });
});

describe('ConsentQuestion', () => {
  it('radio: choosing an option selects exactly that one', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={question({ answer: 1 })} onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('single checkbox: shows the first option and toggles it on and off', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={question({ type: 'checkbox' })} onChange={onChange} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('You must agree to the above statement')).toBeInTheDocument();
  });

  it('multiple checkboxes: ticking adds the option id, unticking removes it', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={question({ type: 'multiple-checkboxes' })} onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Maybe' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('marks a compulsory question with an asterisk and aria-required', () => {
    render(<ConsentQuestion question={question()} />);
    const group = screen.getByRole('radiogroup', { name: /May we take photographs\?/ });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(within(group).getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('puts aria-required on the checkboxes of a compulsory checkbox question, and no asterisk when optional', () => {
    const { unmount } = render(<ConsentQuestion question={question({ type: 'multiple-checkboxes' })} />);
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box).toHaveAttribute('aria-required', 'true');
    }
    unmount();
    render(<ConsentQuestion question={question({ compulsory: false })} />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).not.toHaveAttribute('aria-required');
  });

  it.each([
    ['radio', 'Please select an option'],
    ['checkbox', 'You must agree to the above statement'],
    ['multiple-checkboxes', 'Please select at least one answer'],
  ] as const)('%s: shows "%s" when unanswered, tied to the inputs', (type, message) => {
    render(<ConsentQuestion question={question({ type })} validate />);
    const error = screen.getByText(message);
    const input = type === 'radio' ? screen.getByRole('radiogroup') : screen.getAllByRole('checkbox')[0]!;
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', error.id);
  });

  it('shows a server error given from outside', () => {
    render(<ConsentQuestion question={question({ answer: 1 })} error="The consent could not be saved." />);
    expect(screen.getByText('The consent could not be saved.')).toBeInTheDocument();
  });

  it('shows no input when there are no options', () => {
    render(<ConsentQuestion question={question({ options: [] })} validate />);
    expect(screen.getByText('May we take photographs?')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});

describe('ConsentQuestion history', () => {
  const tz = { alias: 'GMT', offset: '+00:00', name: 'Europe/London' };
  const logs: ConsentLogEntry[] = [
    { id: 1, created_at: '2024-01-01T10:00:00Z', old_value: null, new_value: 'Yes', timezone_data: tz, created_by: null },
    { id: 2, created_at: '2024-01-03T10:00:00Z', old_value: 'Yes', new_value: null, timezone_data: tz, created_by: { display_name: 'Jo Admin' } },
    { id: 3, created_at: '2024-01-02T10:00:00Z', old_value: 'Yes', new_value: 'No', timezone_data: tz, created_by: { display_name: 'Sam' } },
  ];

  it('shows the 2 latest entries and toggles the rest with Show more / Hide', async () => {
    render(<ConsentQuestion question={question({ logs })} />);
    const list = screen.getByRole('list', { name: 'Change history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Removed selection on 03/01/2024 10:00 GMT')).toBeInTheDocument();
    expect(within(list).getByText('Updated selection from "Yes" to "No" on 02/01/2024 10:00 GMT')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Updated selection to "Yes" on 01/01/2024 10:00 GMT')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('has no toggle with 2 entries or fewer', () => {
    render(<ConsentQuestion question={question({ logs: logs.slice(0, 2) })} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('names who made each change in a tooltip that screen readers also get', () => {
    render(<ConsentQuestion question={question({ logs })} />);
    const removed = screen.getByText('Removed selection on 03/01/2024 10:00 GMT');
    expect(removed).toHaveAttribute('title', 'Updated by Jo Admin');
    expect(removed).toHaveAccessibleDescription('Updated by Jo Admin');
  });

  it('credits the parent/guardian when no creator is recorded', async () => {
    render(<ConsentQuestion question={question({ logs })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const added = screen.getByText('Updated selection to "Yes" on 01/01/2024 10:00 GMT');
    expect(added).toHaveAttribute('title', 'Updated by parent/guardian');
    expect(added).toHaveAccessibleDescription('Updated by parent/guardian');
  });
});
