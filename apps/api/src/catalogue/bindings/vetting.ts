import {
  disclosureTypeBodySchema,
  disclosureTypeSchema,
  resourcePermissions,
  userVettingCheckBodySchema,
  vettingCheckBodySchema,
  vettingCheckSchema,
} from '@muster/contract';
import { disclosureTypes, users, vettingChecks } from '../../db/schema/index.js';
import type { ReferenceBinding, ResourceBinding } from './types.js';

/*
 * Vetting stored in tables of its own (db/schema/vetting.ts). `/vetting/` and
 * `/users/{userId}/vetting/` are two ways into the same checks, both guarded by `view-vetting` /
 * `manage-vetting`: a criminal-record check is not something everyone who may see people may see.
 * The person themself reads their own checks (own records). The disclosure types are read by
 * whoever reads checks and managed with `manage-disclosure-types`.
 */

const VETTING = resourcePermissions('vetting');

const DISCLOSURE_TYPE: ReferenceBinding = {
  field: 'disclosure_type_id',
  table: disclosureTypes,
  message: 'The disclosure type must be one of this organisation’s.',
};

/** What the database alone can refuse, said at the field the client can fix. */
const CHECK_CONSTRAINTS = {
  vetting_checks_reference_unique: {
    field: 'reference_number',
    message: 'A check of this disclosure type with this reference number is already recorded.',
  },
  vetting_checks_cleared_check: {
    field: 'cleared_on',
    message: 'Give the clearance date exactly when the check is cleared or expired.',
  },
  vetting_checks_expired_check: {
    field: 'expires_on',
    message: 'An expired check needs the day it expired.',
  },
  vetting_checks_cleared_after_request_check: {
    field: 'cleared_on',
    message: 'A check cannot be cleared before it was requested.',
  },
  vetting_checks_expiry_check: {
    field: 'expires_on',
    message: 'A check cannot expire before it was cleared (or requested).',
  },
};

export const vettingBindings: ResourceBinding[] = [
  {
    entry: 'organisation.disclosure-types',
    label: 'disclosure type',
    table: disclosureTypes,
    row: disclosureTypeSchema,
    body: disclosureTypeBodySchema,
    example: { name: 'Enhanced DBS with barred list', validity_months: 36 },
    // Whoever records or reads checks picks or sees their type.
    read: VETTING.view,
    orderBy: ['position', 'name'],
  },
  {
    entry: 'vetting',
    label: 'vetting check',
    table: vettingChecks,
    row: vettingCheckSchema,
    body: vettingCheckBodySchema,
    read: VETTING.view,
    write: VETTING.manage,
    orderBy: ['requestedOn'],
    references: [
      { field: 'user_id', table: users, message: 'The person must be a user of this organisation.' },
      DISCLOSURE_TYPE,
    ],
    constraints: CHECK_CONSTRAINTS,
  },
  {
    entry: 'users.vetting',
    label: 'vetting check',
    table: vettingChecks,
    row: vettingCheckSchema,
    body: userVettingCheckBodySchema,
    read: VETTING.view,
    write: VETTING.manage,
    orderBy: ['requestedOn'],
    parent: { param: 'userId', table: users, column: 'userId', label: 'user' },
    ownRecords: 'read',
    references: [DISCLOSURE_TYPE],
    constraints: CHECK_CONSTRAINTS,
  },
];
