import {
  userEmailAddressBodySchema,
  userEmailAddressSchema,
  userGuardianBodySchema,
  userGuardianSchema,
  userPhoneNumberBodySchema,
  userPhoneNumberSchema,
  userPostalAddressBodySchema,
  userPostalAddressSchema,
  userRoleBodySchema,
  userRoleSchema,
} from '@muster/contract';
import {
  roleProfiles,
  teams,
  userAddresses,
  userEmailAddresses,
  userGuardians,
  userPhoneNumbers,
  userRoles,
  users,
} from '../../db/schema/index.js';
import type { ParentBinding, ResourceBinding } from './types.js';

// Read and write stay the defaults of the `users` family: view-users and manage-users.

const USER: ParentBinding = { param: 'userId', table: users, column: 'userId', label: 'user' };

/**
 * Per-user resources the product already keeps in tables of its own (db/schema/users.ts).
 * Postal addresses and guardians are plain CRUD here. Phone numbers, email addresses and roles
 * are listed and shown here, but written by hand in modules/per-user (one primary number and one
 * SMS number, the number that receives sign-in codes, addresses that sign people in, roles that
 * grant permissions), which the generic module then leaves alone; supervisors have no row id of
 * their own and are all hand-written there.
 */
export const perUserBindings: ResourceBinding[] = [
  {
    entry: 'users.postal-addresses',
    label: 'address',
    table: userAddresses,
    row: userPostalAddressSchema,
    body: userPostalAddressBodySchema,
    // Current addresses first, then the history from the most recent.
    orderBy: ['historical', 'createdAt'],
    parent: USER,
    example: {
      street: '10 Harbour Street',
      city: 'St Ives',
      postcode: 'TR26 1LF',
      country: 'United Kingdom',
      from_date: '2021-03-01',
      historical: false,
    },
  },
  {
    entry: 'users.guardians',
    label: 'guardian',
    table: userGuardians,
    row: userGuardianSchema,
    body: userGuardianBodySchema,
    orderBy: ['lastName', 'firstName'],
    parent: USER,
    references: [
      {
        field: 'guardian_user_id',
        table: users,
        message: 'The guardian must be a user of this organisation.',
      },
    ],
    example: { first_name: 'Morwenna', last_name: 'Trevithick', email: 'morwenna.trevithick@example.org' },
  },
  {
    entry: 'users.phone-numbers',
    label: 'phone number',
    table: userPhoneNumbers,
    row: userPhoneNumberSchema,
    body: userPhoneNumberBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    example: { phone_number: '+447911123456', country_code: 'GB' },
  },
  {
    entry: 'users.email-addresses',
    label: 'email address',
    table: userEmailAddresses,
    row: userEmailAddressSchema,
    body: userEmailAddressBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    // Every address signs its holder in: a person changes theirs through the verified contact change.
    ownRecords: 'read',
    example: { email: 'second.address@example.org' },
  },
  {
    entry: 'users.role-profiles',
    label: 'role',
    table: userRoles,
    row: userRoleSchema,
    body: userRoleBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    references: [
      { field: 'team_id', table: teams, message: 'The team must be a team of this organisation.' },
      {
        field: 'role_profile_id',
        table: roleProfiles,
        message: 'The role profile must be one of this organisation’s.',
      },
    ],
    // Team and role profile are required references, so this is only the part a walk could send;
    // the store is hand-written (modules/per-user) and the walk does not store through it.
    example: { end_date: '2031-12-31' },
  },
];
