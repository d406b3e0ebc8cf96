import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE, type FormSection } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { TOKEN_STORAGE_KEY } from '../../../../lib/api/token-store';
import { SessionProvider } from '../../../../lib/session/session-context';
import { makeSessionToken } from '../../../../lib/session/test-tokens';
import { emptyValues, type ApplicationFormValues } from '../../form-values';
import { buildApplicationBody } from '../../request-body';
import { opportunityFixture, organisationFixture } from '../../test-fixtures';
import { applicationResolver, type ValidationContext } from '../../validation';
import type { ApplicantMode, StepProps } from '../step-props';
import { DIVERSITY_ANSWERED_NOTICE, DiversityStep } from './diversity-step';

/** Disabled? (radio) → Which? (checkboxes with Other, after Yes) → Since? (after Sight); age band (dropdown). */
const v2 = {
  mode: 'v2' as const,
  questions: [
    {
      id: 1,
      question_text: 'Do you have a disability?',
      is_multiple_select: false,
      compulsory: true,
      options: [
        { id: 10, option_text: 'Yes', is_other: false },
        { id: 11, option_text: 'No', is_other: false },
      ],
      depends_on: [],
    },
    {
      id: 2,
      question_text: 'Which of these apply?',
      is_multiple_select: true,
      compulsory: false,
      options: [
        { id: 20, option_text: 'Sight', is_other: false },
        { id: 21, option_text: 'Other', is_other: true },
      ],
      depends_on: [{ question_id: 1, option_id: 10 }],
    },
    {
      id: 3,
      question_text: 'Since when?',
      is_multiple_select: false,
      compulsory: false,
      options: [
        { id: 30, option_text: 'Birth', is_other: false },
        { id: 31, option_text: 'Later', is_other: false },
      ],
      depends_on: [{ question_id: 2, option_id: 20 }],
    },
    {
      id: 4,
      question_text: 'What is your age group?',
      is_multiple_select: false,
      compulsory: true,
      options: ['Under 18', '18 to 24', '25 to 34', '35 to 49', 'Over 50'].map((text, index) => ({
        id: 40 + index,
        option_text: text,
        is_other: false,
      })),
      depends_on: [],
    },
  ],
};

const fixed = {
  mode: 'fixed' as const,
  options: {
    gender: [
      { id: 1, label: 'Prefer not to say', is_other: false },
      { id: 2, label: 'Man', is_other: false },
      { id: 3, label: 'Woman', is_other: false },
      { id: 98, label: 'Non-binary', is_other: false },
      { id: 4, label: 'Other', is_other: false },
    ],
    nationality: [
      { id: 63, label: 'British', is_other: false },
      { id: 68, label: 'Other', is_other: true },
    ],
    registered_disabled: [
      { id: 36, label: 'Prefer not to say', is_other: false },
      { id: 37, label: 'Yes', is_other: true },
      { id: 38, label: 'No', is_other: false },
      { id: 39, label: "Don't know", is_other: false },
    ],
    disabled_select: [
      { id: 41, label: 'Physical impairment', is_other: false },
      { id: 50, label: 'Other', is_other: true },
    ],
  },
};

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
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      requests.push(url);
      return new Response(JSON.stringify(hasAnswers.body), {
        status: hasAnswers.status,
        headers: { 'content-type': API_MEDIA_TYPE },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function validationContext(sections: FormSection[], mode: ApplicantMode): ValidationContext {
  return {
    body: {
      sections,
      mode,
      applicationKey: null,
      minorAge: 18,
      booking: null,
      passwordShown: false,
      consentsShown: true,
    },
    opportunity: opportunityFixture,
    organisation: organisationFixture,
    existingApplicant: mode === 'self',
    passwordDemanded: false,
    motivationIds: null,
    host: 'localhost',
  };
}

function Form({
  children,
  context,
  onForm,
}: {
  children: ReactNode;
  context: ValidationContext;
  onForm: (form: UseFormReturn<ApplicationFormValues>) => void;
}) {
  const form = useForm<ApplicationFormValues>({
    defaultValues: emptyValues(),
    resolver: (values, _context, options) => applicationResolver(values, context, options),
  });
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderStep(section: FormSection, mode: ApplicantMode = 'anonymous') {
  let form: UseFormReturn<ApplicationFormValues> | null = null;
  const sections = [basics, section];
  const context = validationContext(sections, mode);
  const props: StepProps = {
    section,
    sections,
    stepIndex: 1,
    opportunity: opportunityFixture,
    organisation: organisationFixture,
    mode,
    applicationKey: null,
    booking: null,
    onUploadingChange: () => undefined,
    applicant: {
      displayName: null,
      lockedDetails: null,
      emailCheck: { status: 'idle' },
      onRetryEmailCheck: () => undefined,
      onSignedIn: () => undefined,
      onSignOut: () => undefined,
      returnPath: '/apply/beach-clean',
      settled: true,
      profileFailed: false,
    },
    navigation: { incompleteSteps: [], hrefForStep: () => '', onGoToStep: () => undefined },
    motivations: [],
    consentsShown: true,
    passwordShown: false,
    passwordInputs: [],
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Form context={context} onForm={(value) => (form = value)}>
          <DiversityStep {...props} />
        </Form>
      </SessionProvider>
    </QueryClientProvider>,
  );
  const current = () => {
    if (!form) {
      throw new Error('the form did not render');
    }
    return form;
  };
  return {
    container,
    form: current,
    /** The diversity step's part of the request body. */
    body: () => buildApplicationBody(current().getValues(), context.body).diversity,
    validate: async () => {
      await act(async () => {
        await current().trigger('diversity');
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
    const step = renderStep(diversitySection(v2, true), 'self');
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
    const step = renderStep(diversitySection(v2), 'self');
    expect(await screen.findByRole('group', { name: /Do you have a disability/ })).toBeInTheDocument();
    expect(screen.queryByText(DIVERSITY_ANSWERED_NOTICE)).not.toBeInTheDocument();
    expect(step.form().getValues('diversity_answered')).toBe(false);
  });

  it('shows the form to a signed-in applicant who has not answered, and never asks for an anonymous one', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    renderStep(diversitySection(v2), 'self');
    expect(await screen.findByRole('group', { name: /Do you have a disability/ })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('does not ask for an anonymous applicant', () => {
    renderStep(diversitySection(v2));
    expect(question(/Do you have a disability/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('DiversityStep: v2 questions', () => {
  it('uses radio buttons up to 4 options, a dropdown above, checkboxes for multiple select', async () => {
    const user = userEvent.setup();
    renderStep(diversitySection(v2));
    expect(within(question(/Do you have a disability/)!).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: /What is your age group/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(within(question(/Which of these apply/)!).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('shows a child question only while its parent answer matches, and drops its answers when the parent changes', async () => {
    const user = userEvent.setup();
    const step = renderStep(diversitySection(v2));
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
    const step = renderStep(diversitySection(v2));
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
    const optional = renderStep(diversitySection(v2, false));
    expect(question(/Do you have a disability\?$/)).toBeInTheDocument();
    await optional.validate();
    expect(optional.form().formState.errors.diversity).toBeUndefined();
  });

  it('marks required questions of a compulsory step and reports the empty ones', async () => {
    const user = userEvent.setup();
    const step = renderStep(diversitySection(v2, true));
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
    const step = renderStep(diversitySection(v2, true));
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
    const step = renderStep(diversitySection(v2));
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
    const step = renderStep(diversitySection(fixed));
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
    const step = renderStep(diversitySection(fixed));
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
    const step = renderStep(diversitySection(fixed));
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
    const optional = renderStep(diversitySection(fixed, false));
    await optional.validate();
    expect(optional.form().formState.errors.diversity).toBeUndefined();
  });

  it('reports every empty field of a compulsory step', async () => {
    const step = renderStep(diversitySection(fixed, true));
    expect(screen.getByRole('combobox', { name: /What is your gender\? required/ })).toBeRequired();
    await step.validate();
    expect(screen.getByRole('combobox', { name: /What is your gender/ })).toHaveAccessibleDescription(
      'Error: Please select an option',
    );
    expect(question(/registered disabled/)).toHaveAccessibleDescription('Error: Please select an option');
  });
});

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container.ownerDocument.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    // jsdom lays nothing out, so contrast cannot be measured here; the browser run covers it.
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    ),
  ).toEqual([]);
}

describe('DiversityStep: accessibility', () => {
  it('has no axe violations empty, in error and filled (v2)', async () => {
    const user = userEvent.setup();
    const step = renderStep(diversitySection(v2, true));
    await expectNoAxeViolations(step.container);
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
    await expectNoAxeViolations(step.container);
    await user.type(otherBox()!, 'Chronic pain');
    await user.selectOptions(screen.getByRole('combobox', { name: /age group/ }), '25 to 34');
    await step.validate();
    await expectNoAxeViolations(step.container);
  });

  it('has no axe violations empty, in error and filled (fixed)', async () => {
    const user = userEvent.setup();
    const step = renderStep(diversitySection(fixed, true));
    await expectNoAxeViolations(step.container);
    await user.click(within(question(/registered disabled/)!).getByRole('radio', { name: 'Yes' }));
    await user.click(within(question(/nature of your disability/)!).getByRole('radio', { name: 'Other' }));
    await step.validate();
    await expectNoAxeViolations(step.container);
    await user.type(otherBox()!, 'Migraine');
    await user.selectOptions(screen.getByRole('combobox', { name: /gender\?/ }), 'Woman');
    await expectNoAxeViolations(step.container);
  });
});
