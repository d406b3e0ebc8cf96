import { describe, expect, it } from 'vitest';
import { formSectionSchema } from './opportunity.js';
import { buildTestFormSection } from './test-factories.js';

describe('buildTestFormSection', () => {
  it('builds a valid section with nothing required, named after its type', () => {
    const section = buildTestFormSection('basic-details');
    expect(formSectionSchema.parse(section)).toEqual(section);
    expect(section).toMatchObject({
      type: 'basic-details',
      name: 'basic-details',
      position: 0,
      questions: [],
    });
    expect(section.minimum_age).toBeNull();
    expect(section.phone_number_compulsory).toBe(false);
  });

  it('gives each section its own id unless one is given', () => {
    expect(buildTestFormSection('motivation').id).not.toBe(buildTestFormSection('motivation').id);
    expect(buildTestFormSection('motivation', { id: 7, name: 'Why' })).toMatchObject({ id: 7, name: 'Why' });
  });
});
