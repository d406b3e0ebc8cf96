import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS } from './index.js';

describe('APPLICATION_STEPS', () => {
  it('has one module per step type, in form order', () => {
    expect(APPLICATION_STEPS.map((step) => step.type)).toEqual([
      'basic-details',
      'motivation',
      'address-details',
      'about-you',
      'supporting-documents',
      'references',
      'residential',
      'diversity',
      'review-apply',
    ]);
  });

  it('gives the application row the guardian and motivation columns from their steps', () => {
    const values = Object.assign(
      {},
      ...APPLICATION_STEPS.map((step) =>
        step.applicationValues?.({
          submission: {
            guardian: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' },
            motivation: {
              why: null,
              motivationId: 3,
              specialRequirementsBool: false,
              specialRequirements: null,
              rightToVolunteer: 'yes',
            },
          },
        } as Parameters<NonNullable<(typeof APPLICATION_STEPS)[number]['applicationValues']>>[0]),
      ),
    ) as Record<string, unknown>;
    expect(values).toEqual({
      parentsFirstName: 'Ann',
      parentsLastName: 'Lee',
      parentsEmail: 'ann@example.org',
      motivationId: 3,
      specialRequirementsBool: false,
      specialRequirements: null,
      rightToVolunteer: 'yes',
    });
  });
});
