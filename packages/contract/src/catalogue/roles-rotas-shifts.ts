import { ALL_OPERATIONS, except, inArea, NO_OPERATIONS, only } from './types.js';

/** platform-foundation §7 "Roles, risk, rotas and shifts". */
export const rolesRotasShiftsRoutes = inArea('roles-rotas-shifts', [
  {
    name: 'organisation.risk-activities',
    path: '/organisation/risk-activities/',
    operations: ALL_OPERATIONS,
  },
  { name: 'organisation.role-bases', path: '/organisation/role-bases/', operations: except('update') },
  { name: 'organisation.role-families', path: '/organisation/role-families/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.role-profiles',
    path: '/organisation/role-profiles/',
    operations: ALL_OPERATIONS,
    extra: [
      { method: 'PUT', path: '/organisation/role-profiles/bulk-update/', note: 'With query parameters.' },
      { method: 'GET', path: '/organisation/role-profiles/account-codes/', note: 'With query parameters.' },
    ],
  },
  {
    name: 'organisation.role-profiles.images',
    path: '/organisation/role-profiles/{roleProfileId}/images/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.rotas',
    path: '/organisation/rotas/',
    operations: ALL_OPERATIONS,
    extra: [
      { method: 'PUT', path: '/organisation/rotas/bulk', note: 'With a body.' },
      { method: 'POST', path: '/organisation/rotas/replace', note: 'With a body.' },
    ],
  },
  {
    name: 'rota',
    path: '/rota/',
    operations: ALL_OPERATIONS,
    note: 'PUT `/rota/{id}` (the generic update) takes a body and query parameters.',
    extra: [
      {
        method: 'GET',
        path: '/rota/{date}/pdf',
        note: 'The spec elides the segments after `{date}/` ("`{date}/...` pdf"); query parameters; answers a binary file.',
      },
      { method: 'GET', path: '/rota/teams/', note: 'With query parameters.' },
      { method: 'PUT', path: '/rota/{rotaId}/timeslots', note: 'With a body and query parameters.' },
    ],
  },
  {
    name: 'rota.date',
    path: '/rota/{date}/',
    operations: NO_OPERATIONS,
    note: 'GET, POST, PUT and DELETE are disabled; it has team and rotaId children.',
  },
  {
    name: 'rota.date.rota',
    path: '/rota/{date}/{rotaId}/',
    operations: except('show', 'store'),
    note: 'Show and store are disabled.',
  },
  {
    name: 'rota.date.team',
    path: '/rota/{date}/{team}/',
    operations: except('show', 'store'),
    note: 'Show and store are disabled; the same shape as `/rota/{date}/{rotaId}/` on the server.',
  },
  { name: 'organisation.rota', path: '/organisation/rota/', operations: ALL_OPERATIONS },
  { name: 'organisation.rota.teams', path: '/organisation/rota/{rotaId}/teams/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.safeguarding',
    path: '/organisation/safeguarding/',
    operations: only('show', 'update'),
    note: 'GET show and PUT update with a body.',
  },
  {
    name: 'organisation.saved-list',
    path: '/organisation/saved-list/',
    operations: except('index', 'update', 'del'),
    note: 'No index, update or delete.',
  },
  { name: 'search', path: '/search/', operations: ALL_OPERATIONS },
  { name: 'organisation.shift-patterns', path: '/organisation/shift-patterns/', operations: ALL_OPERATIONS },
  { name: 'shifts', path: '/shifts/', operations: ALL_OPERATIONS },
  { name: 'organisation.signups', path: '/organisation/signups/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.skillCategories',
    path: '/organisation/skillCategories/',
    operations: ALL_OPERATIONS,
  },
  { name: 'organisation.skills', path: '/organisation/skills/', operations: ALL_OPERATIONS },
  { name: 'organisation.dynamic-skills', path: '/organisation/dynamic-skills/', operations: ALL_OPERATIONS },
  { name: 'organisation.statistic-sets', path: '/organisation/statistic-sets/', operations: ALL_OPERATIONS },
  { name: 'system-info', path: '/system-info/', operations: ALL_OPERATIONS },
  { name: 'organisation.tags', path: '/organisation/tags/', operations: ALL_OPERATIONS },
]);
