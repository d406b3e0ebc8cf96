import { describe, expect, it } from 'vitest';
import { bookingBounds, type BookingCalendar } from '../../residential/booking-rules.js';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import type { ApplicationSchemaOptions } from '../submission.js';
import { errorsOf, options, person } from '../test-support.js';

const sections = [section('basic-details'), section('residential')];

function schema(overrides: Partial<ApplicationSchemaOptions> = {}) {
  return buildApplicationBodySchema(sections, { ...options, ...overrides });
}

/** A booking as a browser's FormData sends it, after the bracketed names are read. */
const formBooking = {
  start_date: '2026-12-05',
  end_date: '2026-12-12',
  willing_to_share: '1',
  gender_id: '3',
  requirements_radio: 'yes',
  requirements: ' Ground floor please ',
  linked: { '0': ' Sam Lee ', '1': 'Alex Kay' },
};

/** An opportunity seen on 2026-11-24: Saturday to Saturday, 7 or 14 nights, until 31/05/2027. */
const calendar: BookingCalendar = {
  changeoverDays: [{ start_date: '2026-01-01', end_date: null, day_of_week: 6 }],
  ...bookingBounds({ today: '2026-11-24', endDate: '2027-05-31', minNights: 7, maxNights: 14 }),
};

describe('buildApplicationBodySchema: residential booking', () => {
  it('has no booking when the form has no residential step, and asks for none', () => {
    const result = buildApplicationBodySchema([section('basic-details')], options).parse(person);
    expect(result.booking).toBeNull();
  });

  it('reads a FormData-shaped booking: dates, sharing, gender, requirements and trimmed linked names', () => {
    const result = schema().parse({ ...person, booking: formBooking });
    expect(result.booking).toEqual({
      range: { start_date: '2026-12-05', end_date: '2026-12-12' },
      willingToShare: true,
      genderId: 3,
      requirementsRadio: true,
      requirements: 'Ground floor please',
      linked: ['Sam Lee', 'Alex Kay'],
    });
  });

  it('reads JSON too; sharing defaults to no, the text is dropped with No, blank and repeated names go', () => {
    const result = schema().parse({
      ...person,
      booking: {
        start_date: '2026-12-05',
        end_date: '2026-12-19',
        gender_id: 1,
        requirements_radio: false,
        requirements: 'Not wanted',
        linked: ['Sam', ' ', 'sam', 'Alex'],
      },
    });
    expect(result.booking).toEqual({
      range: { start_date: '2026-12-05', end_date: '2026-12-19' },
      willingToShare: false,
      genderId: 1,
      requirementsRadio: false,
      requirements: null,
      linked: ['Sam', 'Alex'],
    });
  });

  it('requires the dates, gender identity and the yes/no, and the text with Yes', () => {
    expect(errorsOf(schema().safeParse(person))).toEqual({
      'booking.start_date': ['Please choose the date your stay starts'],
      'booking.end_date': ['Please choose the date your stay ends'],
      'booking.gender_id': ['Please select an option'],
      'booking.requirements_radio': ['Please select an option'],
    });
    expect(
      errorsOf(
        schema().safeParse({
          ...person,
          booking: { ...formBooking, requirements: '  ', gender_id: '', requirements_radio: 'maybe' },
        }),
      ),
    ).toEqual({
      'booking.gender_id': ['Please select an option'],
      'booking.requirements_radio': ['Please select an option'],
    });
    expect(
      errorsOf(schema().safeParse({ ...person, booking: { ...formBooking, requirements: '' } })),
    ).toEqual({ 'booking.requirements': ['Please tell us what we should know'] });
  });

  it('refuses dates that are not real, a gender identity out of 1-4 and an unreadable share answer', () => {
    expect(
      errorsOf(
        schema().safeParse({
          ...person,
          booking: {
            ...formBooking,
            start_date: '2026-02-30',
            end_date: '12/12/2026',
            gender_id: '5',
            willing_to_share: 'perhaps',
          },
        }),
      ),
    ).toEqual({
      'booking.start_date': ['Please enter a valid date'],
      'booking.end_date': ['Please enter a valid date'],
      'booking.gender_id': ['Please select a valid option'],
      'booking.willing_to_share': ['Please select a valid option'],
    });
  });

  it('bounds the linked names in count and length', () => {
    const many = Array.from({ length: 21 }, (_, index) => `Person ${index + 1}`);
    expect(errorsOf(schema().safeParse({ ...person, booking: { ...formBooking, linked: many } }))).toEqual({
      'booking.linked': ['At most 20 linked applications can be added'],
    });
    expect(
      schema().parse({ ...person, booking: { ...formBooking, linked: many.slice(0, 20) } }).booking?.linked,
    ).toHaveLength(20);
    expect(
      errorsOf(schema().safeParse({ ...person, booking: { ...formBooking, linked: ['x'.repeat(256)] } })),
    ).toEqual({ 'booking.linked': ['The maximum length is 255'] });
  });

  it('lets an application key complete the form without dates, but not with one of them', () => {
    const keyed = { ...options, applicant: 'existing' as const, hasApplicationKey: true };
    const withoutDates = { ...formBooking, start_date: '', end_date: undefined };
    expect(schema(keyed).parse({ ...person, booking: withoutDates }).booking?.range).toBeNull();
    expect(
      errorsOf(
        schema(keyed).safeParse({ ...person, booking: { ...withoutDates, start_date: '2026-12-05' } }),
      ),
    ).toEqual({ 'booking.end_date': ['Please choose the date your stay ends'] });
    expect(errorsOf(schema().safeParse({ ...person, booking: withoutDates }))).toEqual({
      'booking.start_date': ['Please choose the date your stay starts'],
      'booking.end_date': ['Please choose the date your stay ends'],
    });
  });

  it('judges the order always, and every rule but capacity when the options give the calendar', () => {
    const at = (start_date: string, end_date: string, bookingCalendar: BookingCalendar | null = calendar) =>
      errorsOf(
        schema({ bookingCalendar }).safeParse({
          ...person,
          booking: { ...formBooking, start_date, end_date },
        }),
      );
    expect(at('2026-12-12', '2026-12-05', null)).toEqual({
      'booking.end_date': ['Your stay must end after the day it starts.'],
    });
    // Without the calendar any weekday, length and date will do here.
    expect(at('2026-11-01', '2026-11-04', null)).toEqual({});
    expect(at('2026-12-12', '2026-12-12')).toEqual({
      'booking.end_date': ['Your stay must end after the day it starts.'],
    });
    expect(at('2026-12-06', '2026-12-13')).toEqual({
      'booking.start_date': ['Your stay must start on a Saturday.'],
    });
    // In the rules' order: the weekday is named before the length.
    expect(at('2026-12-05', '2026-12-13')).toEqual({
      'booking.end_date': ['Your stay must end on a Saturday.'],
    });
    expect(at('2026-11-21', '2026-11-28')).toEqual({
      'booking.start_date': ['Your stay cannot start before 26/11/2026.'],
    });
    expect(at('2027-06-05', '2027-06-12')).toEqual({
      'booking.start_date': ['Your stay cannot start after 31/05/2027.'],
    });
    expect(at('2027-05-29', '2027-06-05')).toEqual({
      'booking.end_date': ['Your stay must end by 31/05/2027.'],
    });
    expect(at('2026-12-05', '2027-01-02')).toEqual({
      'booking.end_date': ['Your stay must be 7 or 14 nights.'],
    });
    // Capacity needs the team's availability: the server's residential step judges it.
    expect(at('2026-12-05', '2026-12-19')).toEqual({});
  });
});
