import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchApplicationForm, fetchOpportunity, fetchOrganisation, fetchPublicMotivations } from './api';
import { STEP_REGISTRY } from './steps/registry';

// Read by the page and prefetched by its route: an answer a few seconds old is the page's own read,
// not one to send again when the page mounts.
const PREFETCHED_STALE_MS = 10_000;

/** `/apply/{id}`'s opportunity; a 404 is an answer, not worth a retry. */
export function opportunityQuery(opportunityId: string) {
  return queryOptions({
    queryKey: ['apply', 'opportunity', opportunityId],
    queryFn: () => fetchOpportunity(opportunityId),
    retry: false,
    staleTime: PREFETCHED_STALE_MS,
  });
}

/** The opportunity's steps, in order. */
export function applicationFormQuery(opportunityId: string) {
  return queryOptions({
    queryKey: ['apply', 'application-form', opportunityId],
    queryFn: () => fetchApplicationForm(opportunityId),
    retry: false,
    staleTime: PREFETCHED_STALE_MS,
  });
}

/** The organisation's settings the form reads (minor age, single sign-on, currency). */
export function organisationQuery() {
  return queryOptions({
    queryKey: ['apply', 'organisation'],
    queryFn: () => fetchOrganisation(),
    staleTime: 5 * 60_000,
  });
}

/** The reasons for volunteering the form offers (the motivation step, and its validation). */
export function publicMotivationsQuery() {
  return queryOptions({
    queryKey: ['apply', 'motivations'],
    queryFn: () => fetchPublicMotivations(),
    staleTime: 5 * 60_000,
  });
}

/**
 * Starts the apply page's reads and its first step's code while the page's own code loads (the
 * route's loader calls it), so that neither waits for the page chunk. Failures are left to the
 * page, which shows them when it reads the same queries.
 */
export function prefetchApplyPage(queryClient: QueryClient, opportunityId: string): void {
  void queryClient.prefetchQuery(opportunityQuery(opportunityId));
  void queryClient.prefetchQuery(applicationFormQuery(opportunityId));
  void queryClient.prefetchQuery(organisationQuery());
  void queryClient.prefetchQuery(publicMotivationsQuery());
  // Every form opens on its basic details in practice; another first step loads when shown.
  STEP_REGISTRY['basic-details'].preload().catch(() => undefined);
}
