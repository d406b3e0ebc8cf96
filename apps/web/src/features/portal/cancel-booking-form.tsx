import { zodResolver } from '@hookform/resolvers/zod';
import {
  bookingCancelBodySchema,
  type BookingCancelBody,
  type BookingCancelInput,
  type UserBooking,
} from '@muster/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SAVE_BUTTON_STATE, SaveButton } from '../../components/ui/save-button/save-button';
import { isApiError } from '../../lib/api/errors';
import { cancelUserBooking, fetchCancelReasons } from './portal-api';
import '../../components/ui/form-feedback/form-feedback.css';

const FAILED = 'We could not cancel your booking. Please try again.';
const FIELDS = ['cancel_reason_id', 'note'] as const;

/** The query of the reasons a stay can be cancelled with; the page starts it before the form opens. */
export const cancelReasonsQuery = { queryKey: ['portal', 'cancel-reasons'], queryFn: fetchCancelReasons };

/**
 * The form that cancels a stay: a reason from the organisation's list (required), a note, and
 * Confirm cancellation or Keep my booking. Opening it moves focus to the reason; errors sit next
 * to their field, and a refusal about the stay itself (it has started, it is already cancelled)
 * above the buttons.
 */
export function CancelBookingForm({
  booking,
  onCancelled,
  onKeep,
}: {
  booking: UserBooking;
  onCancelled: (booking: UserBooking) => void;
  onKeep: () => void;
}) {
  const ids = useId();
  const reasonId = `${ids}-reason`;
  const noteId = `${ids}-note`;
  const reasons = useQuery(cancelReasonsQuery);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BookingCancelInput, unknown, BookingCancelBody>({
    resolver: zodResolver(bookingCancelBodySchema),
    defaultValues: { status: 'cancelled', cancel_reason_id: '', note: '' },
  });

  const loaded = reasons.isSuccess;
  useEffect(() => {
    // The reason once it can be chosen; the form itself while the list is still loading.
    if (loaded) {
      setFocus('cancel_reason_id');
    } else {
      form.current?.focus();
    }
  }, [loaded, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    if (busy) {
      return;
    }
    setAlert(null);
    setBusy(true);
    try {
      onCancelled(await cancelUserBooking(booking.user_id, booking.id, values));
    } catch (error) {
      setBusy(false);
      if (isApiError(error, 422)) {
        let shown = false;
        for (const field of FIELDS) {
          const message = error.errors[field]?.[0];
          if (message) {
            setError(field, { message }, { shouldFocus: !shown });
            shown = true;
          }
        }
        const about = error.errors.status?.[0];
        if (about || !shown) {
          setAlert(about ?? FAILED);
        }
      } else if (isApiError(error, 403) || isApiError(error, 404)) {
        setAlert(error.message);
      } else {
        setAlert(FAILED);
      }
    }
  });

  const describedBy = (field: (typeof FIELDS)[number], id: string, hint?: string) =>
    [hint, errors[field] ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldClass = (field: (typeof FIELDS)[number]) =>
    `booking-cancel__field${errors[field] ? ' booking-cancel__field--error' : ''}`;
  const errorLine = (field: (typeof FIELDS)[number], id: string) =>
    errors[field] ? (
      <p id={`${id}-error`} className="form-error">
        <span className="visually-hidden">Error:</span> {errors[field].message}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      className="booking-cancel"
      aria-label="Cancel your booking"
      noValidate
      tabIndex={-1}
      onSubmit={(event) => void onSubmit(event)}
    >
      {reasons.isPending ? (
        <p aria-busy="true">Loading the reasons for cancelling…</p>
      ) : reasons.isError ? (
        <p role="alert" className="form-alert">
          We could not load the reasons for cancelling. Please reload the page to try again.
        </p>
      ) : (
        <>
          <div className={fieldClass('cancel_reason_id')}>
            <label htmlFor={reasonId}>Why are you cancelling?</label>
            {errorLine('cancel_reason_id', reasonId)}
            <select
              id={reasonId}
              aria-required="true"
              aria-invalid={errors.cancel_reason_id ? true : undefined}
              aria-describedby={describedBy('cancel_reason_id', reasonId)}
              {...register('cancel_reason_id')}
            >
              <option value="">Choose a reason</option>
              {reasons.data.map((reason) => (
                <option key={reason.id} value={String(reason.id)}>
                  {reason.name}
                </option>
              ))}
            </select>
          </div>
          <div className={fieldClass('note')}>
            <label htmlFor={noteId}>Anything else you would like to tell us? (optional)</label>
            <p id={`${noteId}-hint`} className="booking-cancel__hint">
              At most 1000 characters.
            </p>
            {errorLine('note', noteId)}
            <textarea
              id={noteId}
              rows={3}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={describedBy('note', noteId, `${noteId}-hint`)}
              {...register('note')}
            />
          </div>
        </>
      )}
      {alert ? (
        <p role="alert" className="form-alert">
          {alert}
        </p>
      ) : null}
      <div className="booking-cancel__actions">
        {loaded ? (
          <SaveButton
            state={busy ? SAVE_BUTTON_STATE.busy : SAVE_BUTTON_STATE.idle}
            busyLabel="Cancelling…"
            className="booking-cancel__confirm"
          >
            Confirm cancellation
          </SaveButton>
        ) : null}
        <button type="button" className="booking-cancel__keep" onClick={onKeep}>
          Keep my booking
        </button>
      </div>
    </form>
  );
}
