import {
  availabilityResponseSchema,
  changeoverDaysResponseSchema,
  type Availability,
  type ChangeoverDay,
} from '@muster/contract';
import { addMonths, endOfMonth, format, startOfMonth, subMonths } from 'date-fns';
import { apiClient, type ApiClient } from '../../../lib/api';

/** The nights (both included) whose availability is loaded while `month` is the first month shown. */
export type AvailabilityWindow = { start_date: string; end_date: string };

/**
 * The availability window for the month shown first (applicant-flow §7): from the first day of the
 * previous month to the last day of the month two months ahead, so both months shown and stays that
 * run over their edges are known.
 */
export function availabilityWindow(month: Date): AvailabilityWindow {
  return {
    start_date: format(startOfMonth(subMonths(month, 1)), 'yyyy-MM-dd'),
    end_date: format(endOfMonth(addMonths(month, 2)), 'yyyy-MM-dd'),
  };
}

/** `GET teams/{teamId}/residential/changeover-days/`: the team's changeover weekdays by period. */
export async function fetchChangeoverDays(
  teamId: number,
  options: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<ChangeoverDay[]> {
  const client = options.client ?? apiClient;
  const body = await client.get<unknown>(`teams/${teamId}/residential/changeover-days/`, {
    signal: options.signal,
  });
  return changeoverDaysResponseSchema.parse(body).data.data;
}

/**
 * `GET residential-availability/team/{teamId}`: places left per night in `window`. The caller cancels
 * a superseded call through `signal` (not the client's per-URL cancellation, which would let two
 * pickers of one team cancel each other); a cancelled call rejects with the client's CancelledError.
 */
export async function fetchAvailability(
  teamId: number,
  query: AvailabilityWindow & { willing_to_share: boolean },
  options: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<Availability> {
  const client = options.client ?? apiClient;
  const body = await client.get<unknown>(`residential-availability/team/${teamId}`, {
    query: {
      willing_to_share: query.willing_to_share,
      start_date: query.start_date,
      end_date: query.end_date,
    },
    signal: options.signal,
  });
  return availabilityResponseSchema.parse(body).data.data;
}
