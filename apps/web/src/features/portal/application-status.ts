import type { PortalApplicationSummary } from '@muster/contract';

/** How each application status reads to the volunteer. */
export const APPLICATION_STATUS_LABELS: Record<PortalApplicationSummary['status'], string> = {
  pending: 'Not finished',
  submitted: 'Submitted',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
