import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormSection } from '@muster/contract';
import { buildTestFormSection, testDiversityFixed, testDiversityV2 } from '@muster/contract/testing';
import { TOKEN_STORAGE_KEY } from '../../../../lib/api/token-store';
import { makeSessionToken } from '../../../../lib/session/test-tokens';
import { axeViolations } from '../../../../lib/testing/axe';
import { buildApplicationBody } from '../../request-body';
import { bodyContextFixture, validationContextFixture } from '../../test-fixtures';
import type { ApplicantMode } from '../step-props';
import { apiResponse, renderStep, requestUrl, stepProps } from '../test-support';
import { DIVERSITY_ANSWERED_NOTICE, DiversityStep } from './diversity-step';

/** Disabled? (radio) → Which? (checkboxes with Other, after Yes) → Since? (after Sight); age band (dropdown). */
const v2 = testDiversityV2();
const fixed = testDiversityFixed;

const basics = buildTestFormSection('basic-details', { id: 1, position: 0, name: 'Your details' });
const diversitySection = (diversity: FormSection['diversity'], compulsory = false) =>
  buildTestFormSection('diversity', {
    id: 2,
    position: 1,
    name: 'Diversity',
    diversity,
    diversity_compulsory: compulsory,
  });

let requests: URL[] = [];
let hasAnswers: { status: number; body: unknown } = {
  status: 200,
  body: { data: { data: { has_answered: false } } },
};

beforeEach(() => {
  requests = [];
  hasAnswers = { status: 200, body: { data: { data: { has_answered: false } } } };
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      requests.push(requestUrl(input));
      return apiResponse(hasAnswers.body, hasAnswers.status);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDiversity(section: FormSection, mode: ApplicantMode = 'anonymous') {
  const sections = [basics, section];
  const context = validationContextFixture(bodyContextFixture(sections, { mode }), {
    existingApplicant: mode === 'self',
  });
  const props = stepProps(section, { sections, stepIndex: 1, mode });
  const { container, form } = renderStep(<DiversityStep {...props} />, { validation: context });
  return {
    container,
    form,
    /** The diversity step's part of the request body. */
    body: () => buildApplicationBody(form().getValues(), context.body).diversity,
    validate: async () => {
      await act(async () => {
        await form().trigger('diversity');
      });
    },
  };
}

const question = (name: RegExp) => screen.queryByRole('group', { name });
const otherBox = () => screen.queryByRole('textbox', { name: 'Please Specify...' });

describe('DiversityStep: answered before', () => {
  it('skips the step with a notice for a signed-in applicant who has answered, and sends nothing', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    hasAnswers = { status: 200, body: { data: { data: { has_answered: true } } } };
    const step = renderDiversity(diversitySection(v2, true), 'self');
    expect(await screen.findByText(DIVERSITY_ANSWERED_NOTICE)).toBeInTheDocument();
    expect(requests.map((url) => url.pathname)).toEqual(['/api/users/7/diversity/has-answers']);
    expect(question(/Do you have a disability/)).not.toBeInTheDocument();
    await waitFor(() => expect(step.form().getValues('diversity_answered')).toBe(true));
    expect(step.body()).toBeUndefined();
    // The compulsory step asks nothing of someone who has answered.
    await step.validate();
    expect(step.form().formState.errors.diversity).toBeUndefined();
  });

  it('shows the form when the check fails', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    hasAnswers = { status: 500, body: { message: 'Something went wrong on our side.' } };
    const step = renderDiversity(diversitySection(v2), 'self');
    expect(await screen.findByRole('group', { name: /Do you have a disability/ })).toBeInTheDocument();
    expect(screen.queryByText(DIVERSITY_ANSWERED_NOTICE)).not.toBeInTheDocument();
    expect(step.form().getValues('diversity_answered')).toBe(false);
  });

  it('shows the form to a signed-in applicant who has not answered, and never asks for an anonymous one', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    renderDiversity(diversitySection(v2), 'self');
    expect(await screen.findByRole('group', { name: /Do you have a disability/ })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('does not ask for an anonymous applicant', () => {
    renderDiversity(diversitySection(v2));
    expect(question(/Do you have a disability/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('DiversityStep: v2 questions', () => {
  it('uses radio buttons up to 4 options, a dropdown above, checkboxes for multiple select', async () => {
    const user = userEvent.setup();
    renderDiversity(diversitySection(v2));
    expect(within(question(/Do you have a disability/)!).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: /What is your age group/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(within(question(/Which of these apply/)!).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('shows a child question only while its parent answer matches, and drops its answers when the parent changes', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(v2));
    expect(question(/Which of these apply/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(question(/Which of these apply/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sight' }));
    expect(question(/Since when/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Birth' }));
    expect(step.body()).toEqual({
      diversity_v2_questions: {
        1: { question_id: 1, option: 10, is_other: false },
        2: { question_id: 2, options: [20], is_other: false },
        3: { question_id: 3, option: 30, is_other: false },
      },
    });

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(question(/Which of these apply/)).not.toBeInTheDocument();
    expect(question(/Since when/)).not.toBeInTheDocument();
    expect(step.form().getValues('diversity.diversity_v2_questions')).toMatchObject({ 2: null, 3: null });
    // Back to Yes: the child is asked again, empty.
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('checkbox', { name: 'Sight' })).not.toBeChecked();
    expect(question(/Since when/)).not.toBeInTheDocument();
    expect(step.body()).toEqual({
      diversity_v2_questions: { 1: { question_id: 1, option: 10, is_other: false } },
    });
  });

  it('reveals "Please Specify..." for Other, requires it, and clears it when changed away', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(v2));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(otherBox()).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(otherBox()).toBeRequired();
    await step.validate();
    expect(otherBox()).toHaveAccessibleDescription('Error: Other text must be non-empty');
    expect(otherBox()).toHaveAttribute('id', 'apply-diversity-diversity_v2_questions-2-other_text');
    await user.type(otherBox()!, 'Chronic pain');
    await step.validate();
    expect(otherBox()).not.toHaveAccessibleDescription();
    expect(step.body()).toMatchObject({
      diversity_v2_questions: { 2: { options: [21], is_other: true, other_text: 'Chronic pain' } },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(otherBox()).not.toBeInTheDocument();
    expect(step.form().getValues('diversity.diversity_v2_questions.2')).toMatchObject({
      other_text: '',
      is_other: false,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(otherBox()).toHaveValue('');
  });

  it('asks answers only when the step is compulsory', async () => {
    const optional = renderDiversity(diversitySection(v2, false));
    expect(question(/Do you have a disability\?$/)).toBeInTheDocument();
    await optional.validate();
    expect(optional.form().formState.errors.diversity).toBeUndefined();
  });

  it('marks required questions of a compulsory step and reports the empty ones', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(v2, true));
    expect(question(/Do you have a disability\? required/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    // Not compulsory in itself.
    expect(question(/Which of these apply\?$/)).toBeInTheDocument();
    await step.validate();
    expect(screen.getByRole('combobox', { name: /What is your age group/ })).toHaveAccessibleDescription(
      'Error: Please select an option',
    );
    expect(question(/Which of these apply/)).not.toHaveAccessibleDescription();
  });

  it('marks the whole group as in error on "questions field is required."', async () => {
    const step = renderDiversity(diversitySection(v2, true));
    act(() => {
      step.form().setError('diversity.diversity_v2_questions', {
        type: 'server',
        message: 'The diversity questions field is required.',
      });
    });
    const group = await screen.findByRole('group', { name: 'Diversity' });
    expect(group).toHaveClass('apply-field--error');
    expect(group).toHaveAccessibleDescription('Error: The diversity questions field is required.');
    act(() => {
      step
        .form()
        .setError('diversity.diversity_v2_questions', { type: 'server', message: 'Something else.' });
    });
    expect(screen.getByRole('group', { name: 'Diversity' })).not.toHaveClass('apply-field--error');
  });

  it('shows a server error at diversity.diversity_v2_questions.{id} on its question', () => {
    const step = renderDiversity(diversitySection(v2));
    act(() => {
      step
        .form()
        .setError('diversity.diversity_v2_questions.1', {
          type: 'server',
          message: 'Please select a valid option',
        });
    });
    expect(question(/Do you have a disability/)).toHaveAccessibleDescription(
      'Error: Please select a valid option',
    );
  });
});

describe('DiversityStep: fixed fields', () => {
  it('asks the fixed fields with the spec’s ids, the disability type only after Yes', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(fixed));
    await user.selectOptions(screen.getByRole('combobox', { name: /What is your gender/ }), 'Non-binary');
    expect(question(/nature of your disability/)).not.toBeInTheDocument();
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: 'Yes' }));
    // Yes reveals the disability type, not a text box.
    expect(within(question(/registered disabled/)!).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(question(/nature of your disability/)!).getByRole('radio', { name: 'Other' }));
    await user.type(otherBox()!, 'Migraine');
    expect(step.body()).toEqual({
      gender_id: '98',
      registered_disabled_id: '37',
      disabled_select_id: '50',
      disabled_select_other: 'Migraine',
    });
  });

  it('clears the disability type and its text on a disability answer other than Yes', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(fixed));
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: 'Yes' }));
    await user.click(within(question(/nature of your disability/)!).getByRole('radio', { name: 'Other' }));
    await user.type(otherBox()!, 'Migraine');
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: "Don't know" }));
    expect(question(/nature of your disability/)).not.toBeInTheDocument();
    expect(step.form().getValues('diversity')).toMatchObject({
      disabled_select_id: '',
      disabled_select_other: '',
    });
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: 'Yes' }));
    expect(
      within(question(/nature of your disability/)!).getByRole('radio', { name: 'Other' }),
    ).not.toBeChecked();
  });

  it('requires the Other text of a fixed field, and clears it when changed away', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(fixed));
    await user.click(within(question(/nationality/)!).getByRole('radio', { name: 'Other' }));
    await step.validate();
    expect(otherBox()).toHaveAccessibleDescription('Error: Other text must be non-empty');
    await user.type(otherBox()!, 'Cornish');
    await user.click(within(question(/nationality/)!).getByRole('radio', { name: 'British' }));
    expect(otherBox()).not.toBeInTheDocument();
    expect(step.form().getValues('diversity.nationality_other')).toBe('');
    expect(step.body()).toEqual({ nationality_id: '63' });
  });

  it('requires every shown field only when compulsory', async () => {
    const optional = renderDiversity(diversitySection(fixed, false));
    await optional.validate();
    expect(optional.form().formState.errors.diversity).toBeUndefined();
  });

  it('reports every empty field of a compulsory step', async () => {
    const step = renderDiversity(diversitySection(fixed, true));
    expect(screen.getByRole('combobox', { name: /What is your gender\? required/ })).toBeRequired();
    await step.validate();
    expect(screen.getByRole('combobox', { name: /What is your gender/ })).toHaveAccessibleDescription(
      'Error: Please select an option',
    );
    expect(question(/registered disabled/)).toHaveAccessibleDescription('Error: Please select an option');
  });
});

describe('DiversityStep: accessibility', () => {
  it('has no axe violations empty, in error and filled (v2)', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(v2, true));
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await step.validate();
    expect(otherBox()).toHaveAccessibleDescription('Error: Other text must be non-empty');
    act(() => {
      step.form().setError('diversity.diversity_v2_questions', {
        type: 'server',
        message: 'The diversity questions field is required.',
      });
    });
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
    await user.type(otherBox()!, 'Chronic pain');
    await user.selectOptions(screen.getByRole('combobox', { name: /age group/ }), '25 to 34');
    await step.validate();
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
  });

  it('has no axe violations empty, in error and filled (fixed)', async () => {
    const user = userEvent.setup();
    const step = renderDiversity(diversitySection(fixed, true));
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: 'Yes' }));
    await user.click(within(question(/nature of your disability/)!).getByRole('radio', { name: 'Other' }));
    await step.validate();
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
    await user.type(otherBox()!, 'Migraine');
    await user.selectOptions(screen.getByRole('combobox', { name: /gender\?/ }), 'Woman');
    expect(await axeViolations(step.container.ownerDocument.body)).toEqual([]);
  });
});
