import {
  capacityLimitBodySchema,
  capacityLimitSchema,
  changeoverDayBodySchema,
  changeoverDayRowSchema,
  teamRoomBodySchema,
  teamRoomSchema,
} from '@muster/contract';
import { residentialCapacityLimits, teamChangeoverDays, teamRooms, teams } from '../../db/schema/index.js';
import type { ParentBinding, ResourceBinding } from './types.js';

/*
 * The residential settings stored in tables of their own (db/schema/residential.ts,
 * docs/residential.md "Running residential stays"): a team's rooms and their closures, its
 * changeover days and its capacity limits. Whoever runs the stays reads and writes them
 * (`manage-residential`): they are the settings screens, not something a bookings reader needs.
 * The one public read is a team's changeover days, which the date picker of the form needs.
 * A room's closures carry no team of their own, so their routes are hand-written
 * (modules/residential/room-periods.ts).
 */

const MANAGE_RESIDENTIAL = 'manage-residential';

const TEAM_PARENT: ParentBinding = { param: 'teamId', table: teams, column: 'teamId', label: 'team' };

const CHANGEOVER_DAY = {
  label: 'changeover day',
  table: teamChangeoverDays,
  row: changeoverDayRowSchema,
  body: changeoverDayBodySchema,
  write: MANAGE_RESIDENTIAL,
  example: { start_date: '2027-01-01', end_date: null, day_of_week: 6 },
  constraints: {
    team_changeover_days_dates_check: {
      field: 'end_date',
      message: 'The last date must not be before the first.',
    },
    team_changeover_days_day_check: {
      field: 'day_of_week',
      message: 'The weekday must be a whole number from 0 (Sunday) to 6 (Saturday).',
    },
  },
  orderBy: ['startDate'],
  parent: TEAM_PARENT,
} satisfies Omit<ResourceBinding, 'entry'>;

export const residentialBindings: ResourceBinding[] = [
  {
    entry: 'organisation.teams.residential.rooms',
    label: 'room',
    table: teamRooms,
    row: teamRoomSchema,
    body: teamRoomBodySchema,
    read: MANAGE_RESIDENTIAL,
    write: MANAGE_RESIDENTIAL,
    example: { name: 'Dormitory', beds: 4, shared: true },
    constraints: { team_rooms_beds_check: { field: 'beds', message: 'A room has at least 1 bed.' } },
    orderBy: ['name'],
    parent: TEAM_PARENT,
  },
  { entry: 'organisation.teams.residential.changeover-days', ...CHANGEOVER_DAY, read: MANAGE_RESIDENTIAL },
  // The same rows under the public path: the form's picker lists them (its index is hand-written
  // in modules/residential), so one of them is public too; writes as under /organisation.
  { entry: 'teams.residential.changeover-days', ...CHANGEOVER_DAY, read: null },
  {
    entry: 'residential-availability',
    label: 'capacity limit',
    table: residentialCapacityLimits,
    row: capacityLimitSchema,
    body: capacityLimitBodySchema,
    read: MANAGE_RESIDENTIAL,
    write: MANAGE_RESIDENTIAL,
    constraints: {
      residential_capacity_limits_dates_check: {
        field: 'to_date',
        message: 'The last night must not be before the first.',
      },
    },
    orderBy: ['fromDate'],
    references: [{ field: 'team_id', table: teams, message: 'Please choose a team of this organisation.' }],
  },
];
