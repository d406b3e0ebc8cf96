import type { YesNo } from '../../form-values';
import type { StepBody } from '../step-props';

/** The booking as the form holds it (applicant-flow §2.8); the API's `booking` fields. */
export type BookingValues = {
  /** Arrival `YYYY-MM-DD`, or '' while not chosen. */
  start_date: string;
  /** Departure `YYYY-MM-DD`, or ''. */
  end_date: string;
  willing_to_share: boolean;
  /** Gender identity: '1' Prefer not to say, '2' Man, '3' Woman, '4' Other; '' unanswered. */
  gender_id: '' | '1' | '2' | '3' | '4';
  /** "Is there anything else we should know?" */
  requirements_radio: YesNo;
  requirements: string;
  /** Names of the applications this one is linked with (people travelling together). */
  linked: string[];
};

/** The residential step's answers. */
export type ResidentialValues = { booking: BookingValues };

/** An empty booking. */
export function emptyBooking(): BookingValues {
  return {
    start_date: '',
    end_date: '',
    willing_to_share: false,
    gender_id: '',
    requirements_radio: '',
    requirements: '',
    linked: [],
  };
}

/** The step's answers when nothing is given. */
export function residentialDefaults(): ResidentialValues {
  return { booking: emptyBooking() };
}

/** The top-level fields (and error paths) the step owns. */
export const residentialFields = ['booking', 'timeslot_ids'] as const;

/**
 * The booking: the chosen dates (the address's dates while none are chosen), sharing, gender
 * identity, requirements (their text only with Yes) and the linked names.
 */
export const residentialBody: StepBody = (_section, values, context) => {
  // A draft from before the booking was asked for may lack some of its fields.
  const booking = { ...emptyBooking(), ...values.booking };
  const fromAddress = booking.start_date === '' && booking.end_date === '' ? context.booking : null;
  return {
    booking: {
      start_date: fromAddress ? (fromAddress.start_date ?? '') : booking.start_date,
      end_date: fromAddress ? (fromAddress.end_date ?? '') : booking.end_date,
      willing_to_share: fromAddress ? fromAddress.willing_to_share : booking.willing_to_share,
      gender_id: booking.gender_id,
      requirements_radio: booking.requirements_radio,
      requirements: booking.requirements_radio === 'yes' ? booking.requirements : undefined,
      linked: booking.linked,
    },
  };
};
