import { useQuery } from '@tanstack/react-query';
import { fetchTimezones } from '../../../lib/api/calls/timezones';

/** Cache key of the time zone list. */
export const timezonesQueryKey = ['organisation', 'timezones'] as const;

/** The time zone list; reference data, so fetched once per page load. */
export function useTimezones() {
  return useQuery({
    queryKey: timezonesQueryKey,
    queryFn: ({ signal }) => fetchTimezones(signal),
    staleTime: Infinity,
  });
}
