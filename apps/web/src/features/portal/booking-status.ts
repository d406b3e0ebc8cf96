import type { ResidentialBookingStatus } from '@muster/contract';

/** A residential stay's status as the portal shows it. */
export const BOOKING_STATUS_LABELS: Record<ResidentialBookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};
