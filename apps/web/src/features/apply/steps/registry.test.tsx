import { describe, expect, it } from 'vitest';
import { emptyValues } from '../form-values';
import { bodyContextFixture, sectionsFixture } from '../test-fixtures';
import { STEP_REGISTRY, type SectionType } from './registry';

describe('STEP_REGISTRY', () => {
  it.each(Object.keys(STEP_REGISTRY) as SectionType[])('loads the %s step’s component only on demand', async (type) => {
    const component = await STEP_REGISTRY[type].preload();
    expect(component).toBeTypeOf('function');
    expect((component as { name: string }).name).toMatch(/Step$/);
  });

  it('builds the residential booking from the answers, the address dates standing in for unchosen ones', () => {
    const context = bodyContextFixture([], {
      booking: { start_date: '2026-07-01', end_date: '2026-07-03', willing_to_share: true },
    });
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
