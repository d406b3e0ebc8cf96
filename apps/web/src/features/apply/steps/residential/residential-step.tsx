import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { displayDate, isIsoDate, MAX_LINKED_NAMES, nightsBetween, todayIn } from '@muster/contract';
import {
  BookingDateRangePicker,
  type BookingSelection,
} from '../../../../components/ui/booking-date-range-picker/booking-date-range-picker';
import { useSession } from '../../../../lib/session/session-context';
import { EXISTING_BOOKING_TITLE, ExistingBookingScreen } from '../../closing-screens';
import { CustomBlocks } from '../../custom-blocks';
import { ChoiceField, FieldError, fieldId } from '../../fields';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import { FormTextField } from '../../form-text-field';
import type { StepProps } from '../step-props';
import { emptyBooking, type BookingValues } from './body';
import { fetchUserBookings, overlappingBooking } from './existing-bookings';
import './residential-step.css';

/** Rows of every textarea on the form (applicant-flow §9). */
const TEXTAREA_ROWS = 10;

/** Gender identity options (applicant-flow §2.8). */
export const GENDER_OPTIONS = [
  { value: '1', label: 'Prefer not to say' },
  { value: '2', label: 'Man' },
  { value: '3', label: 'Woman' },
  { value: '4', label: 'Other' },
] as const;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** A date of the address, when it is a real date. */
function addressDate(value: string | null | undefined): string {
  return value && isIsoDate(value) ? value : '';
}

/**
 * The residential step (applicant-flow §2.8, §2.11, §4): the booking's table (location, dates,
 * duration, sharing) with an Edit date picker (not when an application key opened the form), the
 * applicant's gender identity, linked applications, and anything else to know. The address's
 * dates preselect the booking. For a signed-in applicant, every date change looks again at their
 * bookings; one sharing a night with the new dates, or the server's refusal for that reason,
 * shows the existing-booking screen instead of the step's questions.
 */
export function ResidentialStep({
  section,
  opportunity,
  organisation,
  mode,
  applicationKey,
  booking: fromAddress,
  refusedBooking = null,
  onUploadingChange,
}: StepProps) {
  const {
    control,
    register,
    setValue,
    getValues,
    clearErrors,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const watched = useWatch({ control, name: 'booking' }) as Partial<BookingValues> | undefined;
  const booking: BookingValues = { ...emptyBooking(), ...watched };
  const { session } = useSession();
  const today = todayIn(organisation.timezone);
  const linkedInputId = useId();
  const [linkedName, setLinkedName] = useState('');

  // The address's dates preselect the booking, unless the applicant has chosen dates already.
  useEffect(() => {
    const current: BookingValues = { ...emptyBooking(), ...getValues('booking') };
    if (!fromAddress || current.start_date !== '' || current.end_date !== '') {
      return;
    }
    setValue('booking', {
      ...current,
      start_date: addressDate(fromAddress.start_date),
      end_date: addressDate(fromAddress.end_date),
      willing_to_share: fromAddress.willing_to_share,
    });
  }, [fromAddress, getValues, setValue]);

  const start = booking.start_date;
  const end = booking.end_date;
  const range =
    start !== '' && end !== '' && isIsoDate(start) && isIsoDate(end)
      ? { start_date: start, end_date: end }
      : null;
  const userId = mode === 'self' ? (session?.user.id ?? null) : null;
  const bookings = useQuery({
    // The dates are part of the key: every date change asks again (applicant-flow §4).
    queryKey: ['residential-bookings', userId, range?.start_date, range?.end_date],
    queryFn: ({ signal }) => fetchUserBookings(userId ?? 0, today, { signal }),
    enabled: userId !== null && range !== null,
    staleTime: 0,
    // The bookings do not depend on the dates: judge new dates by the last list while asking again.
    placeholderData: (previous) => previous,
  });
  const startError = errorMessage(errors, 'booking.start_date');
  const refusedAsBooked = startError === EXISTING_BOOKING_TITLE;
  const { refetch } = bookings;
  useEffect(() => {
    // The server knows of a booking the last look did not show (made since): look again.
    if (refusedAsBooked && userId !== null) {
      void refetch();
    }
  }, [refusedAsBooked, userId, refetch]);
  // The booking in the way: found by the re-check, or else the one the server named when refusing.
  const existing =
    (range && bookings.data ? overlappingBooking(bookings.data, range) : null) ??
    (refusedAsBooked ? refusedBooking : null);

  const slot = opportunity.sub_locations[0]?.timeslots[0];
  const pickerValue: BookingSelection = {
    start_date: range ? range.start_date : null,
    end_date: range ? range.end_date : null,
    willing_to_share: booking.willing_to_share,
  };
  const onDatesChange = (value: BookingSelection) => {
    setValue('booking.start_date', value.start_date ?? '', { shouldDirty: true });
    setValue('booking.end_date', value.end_date ?? '', { shouldDirty: true });
    setValue('booking.willing_to_share', value.willing_to_share, { shouldDirty: true });
    clearErrors(['booking.start_date', 'booking.end_date', 'booking.willing_to_share']);
  };

  const linked = booking.linked;
  const linkedFull = linked.length >= MAX_LINKED_NAMES;
  const addLinked = () => {
    const name = linkedName.trim();
    if (name === '' || linkedFull) {
      return;
    }
    if (!linked.some((existingName) => existingName.toLowerCase() === name.toLowerCase())) {
      setValue('booking.linked', [...linked, name], { shouldDirty: true });
    }
    setLinkedName('');
  };
  const onLinkedKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the name rather than submitting the form.
      event.preventDefault();
      addLinked();
    }
  };
  const removeLinked = (name: string) => {
    setValue(
      'booking.linked',
      linked.filter((item) => item !== name),
      { shouldDirty: true },
    );
  };

  const endError = errorMessage(errors, 'booking.end_date');
  const linkedError = errorMessage(errors, 'booking.linked');
  const datesError = refusedAsBooked ? undefined : (startError ?? endError);
  const nights = range ? nightsBetween(range.start_date, range.end_date) : null;

  const table = (
    <table className="residential-info">
      <caption className="residential-info__caption">Your booking</caption>
      <tbody>
        <tr>
          <th scope="row">Location</th>
          <td>{opportunity.team.name}</td>
        </tr>
        <tr>
          <th scope="row">Start date</th>
          <td>{range ? displayDate(range.start_date) : 'Not chosen'}</td>
        </tr>
        <tr>
          <th scope="row">End date</th>
          <td>{range ? displayDate(range.end_date) : 'Not chosen'}</td>
        </tr>
        <tr>
          <th scope="row">Duration</th>
          <td>{nights === null ? 'Not chosen' : `${nights} ${nights === 1 ? 'night' : 'nights'}`}</td>
        </tr>
        <tr>
          <th scope="row">Willing to share a room</th>
          <td>{booking.willing_to_share ? 'Yes' : 'No'}</td>
        </tr>
      </tbody>
    </table>
  );

  const dates = (
    <div
      id={fieldId('booking.end_date')}
      className={`apply-field residential-dates${datesError ? ' apply-field--error' : ''}`}
    >
      <FieldError id={`${fieldId('booking.start_date')}-error`} message={datesError} />
      {table}
      {applicationKey === null ? (
        <BookingDateRangePicker
          id={fieldId('booking.start_date')}
          teamId={opportunity.team.id}
          value={pickerValue}
          onChange={onDatesChange}
          label="Your dates"
          hint="Choose the day you arrive, then the day you leave."
          required
          minDuration={slot?.min_duration}
          maxDuration={slot?.max_duration}
          minDate={opportunity.start_date}
          maxDate={opportunity.end_date}
          display="dropdown"
          toggleLabel={range ? 'Edit dates' : 'Choose dates'}
          today={today}
          describedBy={datesError ? `${fieldId('booking.start_date')}-error` : undefined}
        />
      ) : null}
    </div>
  );

  const questions = (
    <>
      <ChoiceField
        name="booking.gender_id"
        legend="Gender identity"
        required
        options={GENDER_OPTIONS}
        registration={register('booking.gender_id')}
        error={errorMessage(errors, 'booking.gender_id')}
      />
      <div className="apply-field residential-linked">
        <label htmlFor={linkedInputId} className="apply-field__label">
          Linked applications (optional)
        </label>
        <p id={`${linkedInputId}-hint`} className="apply-field__hint">
          The names of people applying with you, for example family or friends. Press Enter or Add after each
          name.
        </p>
        <FieldError id={`${fieldId('booking.linked')}-error`} message={linkedError} />
        <div className="residential-linked__entry">
          <input
            id={linkedInputId}
            className="apply-field__input"
            type="text"
            value={linkedName}
            maxLength={255}
            aria-describedby={
              linkedError
                ? `${linkedInputId}-hint ${fieldId('booking.linked')}-error`
                : `${linkedInputId}-hint`
            }
            aria-invalid={linkedError ? true : undefined}
            onChange={(event) => setLinkedName(event.target.value)}
            onKeyDown={onLinkedKeyDown}
          />
          <button type="button" className="apply-button apply-button--secondary" onClick={addLinked}>
            Add
          </button>
        </div>
        {linkedFull ? (
          <p className="apply-field__hint" role="status">
            You can add up to {MAX_LINKED_NAMES} names.
          </p>
        ) : null}
        {linked.length > 0 ? (
          <ul className="residential-linked__list" aria-label="Linked applications">
            {linked.map((name) => (
              <li key={name}>
                <span>{name}</span>
                <button
                  type="button"
                  className="apply-link-button"
                  aria-label={`Remove ${name}`}
                  onClick={() => removeLinked(name)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ChoiceField
        name="booking.requirements_radio"
        legend="Is there anything else we should know?"
        required
        options={YES_NO}
        registration={register('booking.requirements_radio')}
        error={errorMessage(errors, 'booking.requirements_radio')}
      />
      {booking.requirements_radio === 'yes' ? (
        <FormTextField
          name="booking.requirements"
          label="Please tell us what we should know"
          required
          rows={TEXTAREA_ROWS}
        />
      ) : null}
      <CustomBlocks
        section={section}
        organisation={organisation}
        opportunity={opportunity}
        onUploadingChange={onUploadingChange}
      />
    </>
  );

  // The dates keep their place in the tree whether the screen shows or not, so an open picker
  // stays open while the re-check answers and the applicant can choose again at once.
  const blocked = existing !== null || refusedAsBooked;
  return (
    <>
      {blocked ? <ExistingBookingScreen booking={existing} opportunity={opportunity} /> : null}
      {dates}
      {blocked ? null : questions}
    </>
  );
}
