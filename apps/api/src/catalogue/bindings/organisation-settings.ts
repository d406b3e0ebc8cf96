import {
  organisationConsentBodySchema,
  organisationConsentSchema,
  organisationCountrySchema,
  organisationMotivationBodySchema,
  organisationMotivationSchema,
  organisationReferenceQuestionBodySchema,
  organisationReferenceQuestionSchema,
  organisationResidentialCancelReasonBodySchema,
  organisationResidentialCancelReasonSchema,
  organisationRoleProfileBodySchema,
  organisationRoleProfileSchema,
  organisationTeamBodySchema,
  organisationTeamSchema,
  organisationTermBodySchema,
  organisationTermSchema,
} from '@muster/contract';
import {
  consents,
  countries,
  motivations,
  referenceQuestions,
  residentialCancelReasons,
  roleProfiles,
  teams,
  terms,
} from '../../db/schema/index.js';

import { SIGNED_IN, type ResourceBinding } from './types.js';

/** The organisation settings any admin screen lists, written only by organisation managers. */
const MANAGE_ORGANISATION = 'manage-organisation';
/** Who may see the organisation's people-facing setup (the heartbeat's permission, §4). */
const VIEW_USERS = 'view-users';
/** Who runs the organisation's residential stays (rooms, bookings and their settings). */
const MANAGE_RESIDENTIAL = 'manage-residential';

/** Organisation settings lists stored in their own tables. */
export const organisationSettingsBindings: ResourceBinding[] = [
  {
    entry: 'organisation.terms',
    label: 'term',
    table: terms,
    row: organisationTermSchema,
    body: organisationTermBodySchema,
    // The application form shows the terms before the applicant has an account.
    read: null,
    write: MANAGE_ORGANISATION,
    example: { name: 'Volunteer agreement', link: 'https://example.org/agreement', position: 1 },
    orderBy: ['position'],
  },
  {
    entry: 'organisation.motivations',
    label: 'motivation',
    table: motivations,
    row: organisationMotivationSchema,
    body: organisationMotivationBodySchema,
    // The settings list includes motivations not offered publicly, so reading it needs a permission.
    read: VIEW_USERS,
    write: MANAGE_ORGANISATION,
    example: { content: 'To give something back', public: true, position: 1 },
    orderBy: ['position'],
  },
  {
    entry: 'organisation.countries',
    label: 'country',
    table: countries,
    row: organisationCountrySchema,
    read: null,
    write: MANAGE_ORGANISATION,
    global: true,
    idColumn: 'region',
    orderBy: ['name'],
    // About 245 countries and territories: one page of 300 holds them all.
    maxPerPage: 300,
  },
  {
    entry: 'organisation.teams',
    label: 'team',
    table: teams,
    row: organisationTeamSchema,
    body: organisationTeamBodySchema,
    read: VIEW_USERS,
    write: MANAGE_ORGANISATION,
    example: { name: 'Coastal wardens' },
    orderBy: ['name'],
    references: [
      {
        field: 'parent_id',
        table: teams,
        message: 'The parent team must be a team of this organisation.',
        hierarchy: {
          cycleMessage: 'A team cannot sit under itself or under one of its own teams.',
          hasChildrenMessage: 'The team has teams under it; move or delete them first.',
        },
      },
    ],
  },
  {
    entry: 'organisation.role-profiles',
    label: 'role profile',
    table: roleProfiles,
    row: organisationRoleProfileSchema,
    body: organisationRoleProfileBodySchema,
    read: VIEW_USERS,
    write: MANAGE_ORGANISATION,
    example: { display_name: 'Beach warden', enforce_two_factor: false },
    orderBy: ['displayName'],
  },
  {
    entry: 'organisation.consents',
    label: 'consent question',
    table: consents,
    row: organisationConsentSchema,
    body: organisationConsentBodySchema,
    read: VIEW_USERS,
    write: MANAGE_ORGANISATION,
    example: {
      statement: 'I agree to be contacted about my application.',
      compulsory: true,
      type: 'checkbox',
      position: 1,
    },
    orderBy: ['position'],
  },
  {
    entry: 'organisation.reference-questions',
    label: 'reference question',
    table: referenceQuestions,
    row: organisationReferenceQuestionSchema,
    body: organisationReferenceQuestionBodySchema,
    // Referees read the questions through their link (`/reference/{token}`), not this list.
    read: VIEW_USERS,
    write: MANAGE_ORGANISATION,
    example: {
      question: 'How long have you known the applicant?',
      type: 'text',
      compulsory: true,
      position: 1,
    },
    orderBy: ['position'],
  },
  {
    entry: 'organisation.residential-cancel-reasons',
    label: 'cancel reason',
    table: residentialCancelReasons,
    row: organisationResidentialCancelReasonSchema,
    body: organisationResidentialCancelReasonBodySchema,
    // Volunteers choose one when cancelling their own stay in the portal.
    read: SIGNED_IN,
    write: MANAGE_RESIDENTIAL,
    example: { name: 'Change of plans', position: 1, active: true },
    orderBy: ['position', 'name'],
  },
];
