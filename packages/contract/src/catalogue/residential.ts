import { ALL_OPERATIONS, inArea } from './types.js';

/** platform-foundation §7 "Residential". */
export const residentialRoutes = inArea('residential', [
  {
    name: 'organisation.residential-cancel-reasons',
    path: '/organisation/residential-cancel-reasons',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'residential-availability',
    path: '/residential-availability/',
    operations: ALL_OPERATIONS,
    note: 'An earlier in-flight request is cancelled when a newer one is issued (§4).',
  },
  {
    name: 'residential-availability.team',
    path: '/residential-availability/team/',
    operations: ALL_OPERATIONS,
    note: 'Show with willing_to_share (0 or 1), start_date and end_date (YYYY-MM-DD); answers a map keyed by date.',
  },
  { name: 'residential-bookings', path: '/residential-bookings/', operations: ALL_OPERATIONS },
  {
    name: 'teams.residential.changeover-days',
    path: '/teams/{teamId}/residential/changeover-days/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.teams.residential.changeover-days',
    path: '/organisation/teams/{teamId}/residential/changeover-days/',
    operations: ALL_OPERATIONS,
  },
  { name: 'residential-opportunities', path: '/residential-opportunities/', operations: ALL_OPERATIONS },
  {
    name: 'residential-opportunities.countries',
    path: '/residential-opportunities/countries',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'residential-opportunities.counties',
    path: '/residential-opportunities/counties/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.residential-resources',
    path: '/organisation/residential-resources',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.teams.residential.rooms',
    path: '/organisation/teams/{teamId}/residential/rooms/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.teams.residential.rooms.unavailable-periods',
    path: '/organisation/teams/{teamId}/residential/rooms/{roomId}/unavailable-periods/',
    operations: ALL_OPERATIONS,
  },
]);
