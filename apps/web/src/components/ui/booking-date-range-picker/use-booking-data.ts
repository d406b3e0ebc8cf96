import { useEffect, useState } from 'react';
import type { Availability, ChangeoverDay } from '@muster/contract';
import { isCancelledError } from '../../../lib/api';
import { availabilityWindow, fetchAvailability, fetchChangeoverDays } from './booking-api';

export type BookingData = {
  changeoverDays: ChangeoverDay[] | null;
  /** Every night loaded so far for the current team and share choice. */
  availability: Availability;
  /** The changeover days and the first availability window have arrived: the picker may be used. */
  ready: boolean;
  /** Ready at least once for this team (stays true while a new share choice loads). */
  loadedOnce: boolean;
  /** A request is in flight (the first load, or a reload after a month change). */
  loading: boolean;
  /** A load failed (not cancelled); `retry` tries again. */
  failed: boolean;
  retry: () => void;
};

/** Nights known for one team and share choice (`key`), and the last window (`request`) they answer. */
type Loaded = { key: string; request: string; nights: Availability };

/**
 * Loads a team's changeover days once and its availability around the first month shown. Each new
 * window (month change) or share choice aborts the request still in flight and adds the answer to
 * what is known; a new share choice starts again from nothing, as its figures differ. State is
 * only set from answers; what is loading is derived from which request the answers belong to.
 */
export function useBookingData(teamId: number, month: Date, willingToShare: boolean): BookingData {
  const [attempt, setAttempt] = useState(0);
  const [changeover, setChangeover] = useState<{ request: string; days: ChangeoverDay[] } | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failedRequests, setFailedRequests] = useState<readonly string[]>([]);
  const { start_date: windowStart, end_date: windowEnd } = availabilityWindow(month);
  const key = `${teamId}:${willingToShare ? 1 : 0}`;
  const changeoverRequest = `${teamId}#${attempt}`;
  const availabilityRequest = `${key}:${windowStart}:${windowEnd}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchChangeoverDays(teamId, { signal: controller.signal })
      .then((days) => setChangeover({ request: changeoverRequest, days }))
      .catch((error: unknown) => {
        if (!isCancelledError(error)) {
          setFailedRequests((failed) => [...failed, changeoverRequest]);
        }
      });
    return () => controller.abort();
  }, [teamId, changeoverRequest]);

  useEffect(() => {
    const controller = new AbortController();
    fetchAvailability(
      teamId,
      { start_date: windowStart, end_date: windowEnd, willing_to_share: willingToShare },
      { signal: controller.signal },
    )
      .then((nights) =>
        setLoaded((previous) => ({
          key,
          request: availabilityRequest,
          nights: previous?.key === key ? { ...previous.nights, ...nights } : nights,
        })),
      )
      .catch((error: unknown) => {
        if (!isCancelledError(error)) {
          setFailedRequests((failed) => [...failed, availabilityRequest]);
        }
      });
    return () => controller.abort();
  }, [teamId, windowStart, windowEnd, willingToShare, key, availabilityRequest]);

  // Changeover days do not change with a retry: any answer for this team will do.
  const days = changeover?.request.startsWith(`${teamId}#`) ? changeover.days : null;
  const availability = loaded?.key === key ? loaded.nights : null;
  const changeoverFailed = failedRequests.includes(changeoverRequest);
  const availabilityFailed = failedRequests.includes(availabilityRequest);
  return {
    changeoverDays: days,
    availability: availability ?? {},
    ready: days !== null && availability !== null,
    loadedOnce: days !== null && loaded !== null && loaded.key.startsWith(`${teamId}:`),
    loading:
      (changeover?.request !== changeoverRequest && !changeoverFailed) ||
      (loaded?.request !== availabilityRequest && !availabilityFailed),
    failed: changeoverFailed || availabilityFailed,
    retry: () => setAttempt((count) => count + 1),
  };
}
