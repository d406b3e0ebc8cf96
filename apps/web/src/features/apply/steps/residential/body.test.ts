import * as phoneLibrary from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { buildApplicationBodySchema, type ApplicationSchemaOptions } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { toFormData } from '../../form-data';
import { emptyValues, type ApplicationFormValues } from '../../form-values';
import { bodyContextFixture } from '../../test-fixtures';
import { emptyBooking, residentialBody } from './body';

const section = buildTestFormSection('residential', { id: 3, position: 1, name: 'Your stay' });

const context = bodyContextFixture([section], { passwordShown: true });

const options: ApplicationSchemaOptions = {
  applicant: 'existing',
  supervisor: null,
  hasApplicationKey: false,
  requirePassword: false,
  minorAge: 18,
  today: '2030-05-01',
  host: 'localhost',
  defaultPhoneRegion: 'GB',
  phoneLibrary,
};

function withBooking(booking: Partial<ApplicationFormValues['booking']>): ApplicationFormValues {
  return { ...emptyValues(), booking: { ...emptyBooking(), ...booking } };
}

const filled = withBooking({
  start_date: '2030-06-01',
  end_date: '2030-06-08',
  willing_to_share: true,
  gender_id: '3',
  requirements_radio: 'yes',
  requirements: 'Ground floor please',
  linked: ['Sam Lee'],
});

describe('residentialBody', () => {
  it('sends the booking the server books: dates, sharing, gender, requirements and linked names', () => {
    expect(residentialBody(section, filled, context)).toEqual({
      booking: {
        start_date: '2030-06-01',
        end_date: '2030-06-08',
        willing_to_share: true,
        gender_id: '3',
        requirements_radio: 'yes',
        requirements: 'Ground floor please',
        linked: ['Sam Lee'],
      },
    });
  });

  it('sends the requirements text only with Yes, and the address’s dates while none are chosen', () => {
    const body = residentialBody(
      section,
      withBooking({ gender_id: '1', requirements_radio: 'no', requirements: 'left over' }),
      { ...context, booking: { start_date: '2030-06-01', end_date: '2030-06-15', willing_to_share: true } },
    );
    expect(body).toEqual({
      booking: {
        start_date: '2030-06-01',
        end_date: '2030-06-15',
        willing_to_share: true,
        gender_id: '1',
        requirements_radio: 'no',
        requirements: undefined,
        linked: [],
      },
    });
  });

  it('flattens as the apply endpoint reads multipart fields', () => {
    const form = toFormData(residentialBody(section, filled, context));
    expect([...form.entries()]).toEqual([
      ['booking[start_date]', '2030-06-01'],
      ['booking[end_date]', '2030-06-08'],
      ['booking[willing_to_share]', '1'],
      ['booking[gender_id]', '3'],
      ['booking[requirements_radio]', 'yes'],
      ['booking[requirements]', 'Ground floor please'],
      ['booking[linked][0]', 'Sam Lee'],
    ]);
  });

  it('is read by the contract’s schema, which the page resolves with: accepted when filled, each gap at its field', () => {
    const schema = buildApplicationBodySchema([section], options);
    expect(schema.parse(residentialBody(section, filled, context)).booking).toEqual({
      range: { start_date: '2030-06-01', end_date: '2030-06-08' },
      willingToShare: true,
      genderId: 3,
      requirementsRadio: true,
      requirements: 'Ground floor please',
      linked: ['Sam Lee'],
    });
    const empty = schema.safeParse(residentialBody(section, emptyValues(), context));
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'booking.start_date',
      'booking.end_date',
      'booking.gender_id',
      'booking.requirements_radio',
    ]);
  });
});
