import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DiversityAnswer, DiversityQuestion as Question } from './diversity-answer';
import { DiversityQuestion, type DiversityQuestionProps } from './diversity-question';

const options = (texts: string[], other: string) =>
  texts.map((text, index) => ({ id: index + 10, option_text: text, is_other: text === other }));

const gender: Question = {
  id: 1,
  question_text: 'What is your gender?',
  is_multiple_select: false,
  options: options(['Prefer not to say', 'Man', 'Woman', 'Other'], 'Other'),
};
const religion: Question = {
  id: 2,
  question_text: 'What is your religion?',
  is_multiple_select: false,
  options: options(['No religion', 'Buddhist', 'Christian', 'Hindu', 'Jewish', 'Other'], 'Other'),
};
const languages: Question = {
  id: 3,
  question_text: 'Which languages do you speak?',
  is_multiple_select: true,
  options: options(['English', 'Welsh', 'Other'], 'Other'),
};

function Harness(props: Partial<DiversityQuestionProps> & { question: Question }) {
  const [value, setValue] = useState<DiversityAnswer | null>(null);
  return (
    <>
      <DiversityQuestion {...props} value={value} onChange={setValue} />
      <output data-testid="answer">{JSON.stringify(value)}</output>
    </>
  );
}

const answer = () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null') as DiversityAnswer | null;
const otherBox = () => screen.queryByRole('textbox', { name: 'Please Specify...' });

describe('DiversityQuestion', () => {
  it('asks a question of up to 4 options with radio buttons', async () => {
    const user = userEvent.setup();
    render(<Harness question={gender} />);
    expect(screen.getByRole('group', { name: 'What is your gender?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'Woman' }));
    expect(answer()).toEqual({ question_id: 1, option_id: 12, options: [], other_text: '', is_other: false });
  });

  it('reveals "Please Specify..." for Other and clears it when choosing away', async () => {
    const user = userEvent.setup();
    render(<Harness question={gender} />);
    expect(otherBox()).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(otherBox()).toHaveAttribute('placeholder', 'Please Specify...');
    await user.type(otherBox() as HTMLElement, 'Agender');
    expect(answer()).toEqual({
      question_id: 1,
      option_id: 13,
      options: [],
      other_text: 'Agender',
      is_other: true,
    });
    await user.click(screen.getByRole('radio', { name: 'Man' }));
    expect(otherBox()).not.toBeInTheDocument();
    expect(answer()?.other_text).toBe('');
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(otherBox()).toHaveValue('');
  });

  it('asks a question of more than 4 options with a dropdown', async () => {
    const user = userEvent.setup();
    render(<Harness question={religion} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'What is your religion?' });
    await user.selectOptions(select, 'Other');
    await user.type(otherBox() as HTMLElement, 'Pastafarian');
    expect(answer()).toMatchObject({ option_id: 15, other_text: 'Pastafarian', is_other: true });
    await user.selectOptions(select, 'Please select');
    expect(answer()).toEqual({
      question_id: 2,
      option_id: null,
      options: [],
      other_text: '',
      is_other: false,
    });
    expect(otherBox()).not.toBeInTheDocument();
  });

  it('asks a multiple-select question with checkboxes', async () => {
    const user = userEvent.setup();
    render(<Harness question={languages} />);
    await user.click(screen.getByRole('checkbox', { name: 'Welsh' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(otherBox() as HTMLElement, 'Cornish');
    expect(answer()).toEqual({
      question_id: 3,
      option_id: null,
      options: [11, 12],
      other_text: 'Cornish',
      is_other: true,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(otherBox()).not.toBeInTheDocument();
    expect(answer()).toEqual({
      question_id: 3,
      option_id: null,
      options: [11],
      other_text: '',
      is_other: false,
    });
  });

  it('shows an error next to the question and an asterisk when required', () => {
    render(<Harness question={gender} error="Please select an option" required />);
    const group = screen.getByRole('group', { name: 'What is your gender? required' });
    expect(group).toHaveAccessibleDescription('Error: Please select an option');
  });

  it('requires the Other text and ties its error to the box', async () => {
    const user = userEvent.setup();
    render(
      <Harness question={gender} otherError="Other text must be non-empty" otherInputId="gender-other" />,
    );
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const box = otherBox();
    expect(box).toHaveAttribute('id', 'gender-other');
    expect(box).toBeRequired();
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Error: Other text must be non-empty');
  });

  it('cannot be changed when disabled or busy', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness question={gender} disabled />);
    await user.click(screen.getByRole('radio', { name: 'Man' }));
    expect(answer()).toBeNull();
    rerender(<Harness question={religion} busy />);
    expect(screen.getByRole('combobox')).toBeDisabled();
    expect(screen.getByRole('combobox').closest('[aria-busy="true"]')).not.toBeNull();
  });
});
