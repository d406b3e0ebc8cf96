import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyValues } from '../form-values';
import { opportunityFixture, organisationFixture, sectionsFixture } from '../test-fixtures';
import { STEP_REGISTRY, type SectionType } from './registry';
import type { BodyContext, StepProps } from './step-props';

const UNBUILT: SectionType[] = ['address-details', 'supporting-documents', 'references', 'diversity'];

function propsFor(type: SectionType): StepProps {
  const section = { ...sectionsFixture[1]!, type };
  return {
    section,
    sections: [section],
    stepIndex: 0,
    opportunity: opportunityFixture,
    organisation: organisationFixture,
    mode: 'anonymous',
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
      returnPath: '/apply/quick-help',
      settled: false,
      profileFailed: false,
    },
    navigation: { incompleteSteps: [], hrefForStep: () => '', onGoToStep: () => undefined },
    motivations: [],
    consentsShown: true,
    passwordShown: false,
    passwordInputs: [],
  };
}

describe('STEP_REGISTRY', () => {
  it.each(UNBUILT)('loads the %s step on demand, which says it is not available yet', async (type) => {
    const { Component } = STEP_REGISTRY[type];
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component {...propsFor(type)} />
      </Suspense>,
    );
    const text = await screen.findByText('This step is not available yet.');
    expect(text.closest('[data-step-type]')).toHaveAttribute('data-step-type', type);
  });

  it('builds the residential booking from the answers, the address dates standing in for unchosen ones', () => {
    const context: BodyContext = {
      sections: [],
      mode: 'anonymous',
      applicationKey: null,
      minorAge: 18,
      booking: { start_date: '2026-07-01', end_date: '2026-07-03', willing_to_share: true },
      passwordShown: false,
      consentsShown: true,
    };
    const section = { ...sectionsFixture[1]!, type: 'residential' as const };
    const unanswered = { gender_id: '', requirements_radio: '', requirements: undefined, linked: [] };
    expect(STEP_REGISTRY.residential.body(section, emptyValues(), context)).toEqual({
      booking: { start_date: '2026-07-01', end_date: '2026-07-03', willing_to_share: true, ...unanswered },
    });
    const values = emptyValues();
    values.booking = {
      start_date: '2026-08-01',
      end_date: '2026-08-08',
      willing_to_share: false,
      gender_id: '3',
      requirements_radio: 'yes',
      requirements: 'A ground-floor room',
      linked: ['Sam Smith'],
    };
    expect(STEP_REGISTRY.residential.body(section, values, context)).toEqual({
      booking: { ...values.booking },
    });
  });
});
