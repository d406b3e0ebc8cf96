import {
  repeatingShiftBodySchema,
  repeatingShiftSchema,
  rotaBodySchema,
  rotaDayBodySchema,
  rotaDaySchema,
  rotaSchema,
  rotaTeamBodySchema,
  rotaTeamSchema,
  shiftBodySchema,
  shiftPatternBodySchema,
  shiftPatternSchema,
  shiftSchema,
  signupBodySchema,
  signupSchema,
} from '@muster/contract';
import {
  repeatingShifts,
  rotaDays,
  rotas,
  rotaTeams,
  rotaTimeslots,
  shiftPatterns,
  shifts,
  signups,
  teams,
  users,
} from '../../db/schema/index.js';
import type { ReferenceBinding, ResourceBinding } from './types.js';

/*
 * Rotas and shifts (platform-foundation §7 "Roles, risk, rotas and shifts"; docs/catalogue.md
 * "Rotas and shifts"). Reads and writes need the entries' own `view-`/`manage-` permissions.
 * Stores and updates that must check more than a reference (one team per rota, one day entry per
 * rota and date, a shift's timeslot being its rota's, a shift's free places, planning a repeating
 * shift's dates) are hand-written in modules/rotas, which registers before the generic module;
 * the references below still describe every body field naming another row.
 */

const team: ReferenceBinding = {
  field: 'team_id',
  table: teams,
  message: 'The team must be a team of this organisation.',
};
const rota: ReferenceBinding = {
  field: 'rota_id',
  table: rotas,
  message: 'The rota must be a rota of this organisation.',
};
const timeslot: ReferenceBinding = {
  field: 'timeslot_id',
  table: rotaTimeslots,
  message: 'The timeslot must be one of the rota’s timeslots.',
};

/** Catalogue entries of this area stored in their own tables. */
export const rotasShiftsBindings: ResourceBinding[] = [
  {
    entry: 'organisation.rotas',
    label: 'rota',
    table: rotas,
    row: rotaSchema,
    example: { name: 'Reception rota', description: 'Front desk cover', active: true },
    body: rotaBodySchema,
    orderBy: ['name'],
    references: [team],
  },
  {
    // The singular path names the same rotas (the parent of `/organisation/rota/{rotaId}/teams/`).
    entry: 'organisation.rota',
    label: 'rota',
    table: rotas,
    row: rotaSchema,
    example: { name: 'Warehouse rota', description: 'Sorting donations', active: true },
    body: rotaBodySchema,
    orderBy: ['name'],
    references: [team],
  },
  {
    entry: 'organisation.rota.teams',
    label: 'rota team',
    table: rotaTeams,
    row: rotaTeamSchema,
    body: rotaTeamBodySchema,
    orderBy: ['teamId'],
    parent: { param: 'rotaId', table: rotas, column: 'rotaId', label: 'rota' },
    references: [team],
  },
  {
    entry: 'rota',
    label: 'rota day',
    table: rotaDays,
    row: rotaDaySchema,
    body: rotaDayBodySchema,
    orderBy: ['date', 'rotaId'],
    references: [rota],
  },
  {
    entry: 'shifts',
    label: 'shift',
    table: shifts,
    row: shiftSchema,
    body: shiftBodySchema,
    orderBy: ['date', 'startTime'],
    references: [rota, timeslot, team],
  },
  {
    entry: 'repeating-shifts',
    label: 'repeating shift',
    table: repeatingShifts,
    row: repeatingShiftSchema,
    body: repeatingShiftBodySchema,
    orderBy: ['rotaId', 'weekday', 'startTime'],
    references: [rota, timeslot, team],
  },
  {
    entry: 'organisation.shift-patterns',
    label: 'shift pattern',
    table: shiftPatterns,
    row: shiftPatternSchema,
    example: { name: 'Weekday mornings', description: 'Monday to Friday, 9 to 12' },
    body: shiftPatternBodySchema,
    orderBy: ['name'],
  },
  {
    entry: 'organisation.signups',
    label: 'signup',
    table: signups,
    row: signupSchema,
    body: signupBodySchema,
    orderBy: ['shiftId'],
    references: [
      { field: 'shift_id', table: shifts, message: 'The shift must be a shift of this organisation.' },
      { field: 'user_id', table: users, message: 'The person must be a user of this organisation.' },
    ],
  },
];
