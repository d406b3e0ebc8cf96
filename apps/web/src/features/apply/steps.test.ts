import { describe, expect, it } from 'vitest';
import { groupAttributes, stepHeading, stepIndexOfField, stepStatusText, stepsWithErrors } from './steps';
import { sectionsFixture } from './test-fixtures';

describe('stepIndexOfField', () => {
  it('finds the step that owns a field, question or attribute', () => {
    expect(stepIndexOfField('first_name', sectionsFixture)).toBe(0);
    expect(stepIndexOfField('contact_number', sectionsFixture)).toBe(0);
    expect(stepIndexOfField('why', sectionsFixture)).toBe(1);
    expect(stepIndexOfField('attributes.occupation', sectionsFixture)).toBe(2);
    expect(stepIndexOfField('questions.availability-notes', sectionsFixture)).toBe(2);
    expect(stepIndexOfField('consents.50', sectionsFixture)).toBe(3);
    expect(stepIndexOfField('terms.0', sectionsFixture)).toBe(3);
    expect(stepIndexOfField('new_password', sectionsFixture)).toBe(3);
  });

  it('sends fields no step owns to the last step', () => {
    expect(stepIndexOfField('addresses.0.street', sectionsFixture)).toBe(3);
    expect(stepIndexOfField('questions.unknown', sectionsFixture)).toBe(3);
  });
});

describe('step texts', () => {
  it('numbers headings with the server name', () => {
    expect(stepHeading(1, sectionsFixture[1]!)).toBe('2. Your motivation');
  });

  it('says the step and, when any, the steps in error', () => {
    expect(stepStatusText(0, sectionsFixture, [])).toBe('Step 1 of 4.');
    expect(stepStatusText(3, sectionsFixture, [0])).toBe('Step 4 of 4. This step has validation errors: 1. Your details.');
    expect(stepStatusText(3, sectionsFixture, [0, 2])).toBe(
      'Step 4 of 4. These steps have validation errors: 1. Your details, 3. About you.',
    );
  });

  it('lists the steps holding errors once each, in order', () => {
    expect(stepsWithErrors(['terms.0', 'why', 'first_name', 'dob'], sectionsFixture)).toEqual([0, 1, 3]);
  });
});

describe('groupAttributes', () => {
  it('groups attributes by category in position order', () => {
    const [personal] = groupAttributes(sectionsFixture[2]!);
    expect(personal?.category?.name).toBe('Personal');
    expect(personal?.attributes.map((attribute) => attribute.slug)).toEqual(['occupation', 'membership-number']);
  });
});
