import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
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
} from '../db/schema/index.js';

/** A body field naming a row of another (organisation-owned) table, checked to be of the same organisation. */
export type ReferenceBinding = {
  /** snake_case body field. */
  field: string;
  /** Organisation-owned table with an integer `id`. */
  table: PgTable;
  /** The 422 sentence when the row is missing or another organisation's. */
  message: string;
  /**
   * The field points into the binding's own table as a tree (a team's parent team): a row may
   * not sit under itself or its descendants, and a row with children cannot be deleted.
   */
  hierarchy?: { cycleMessage: string; hasChildrenMessage: string };
};

/** A `{param}` of the route naming the row the resource belongs to, e.g. `{teamId}`. */
export type ParentBinding = {
  /** The placeholder's name in the catalogue path. */
  param: string;
  /** Organisation-owned table with an integer `id`. */
  table: PgTable;
  /** camelCase key of this binding's column holding the parent id. */
  column: string;
  /** What the parent row is called in sentences, e.g. `team`. */
  label: string;
};

/** A `read` for lists any signed-in user of the organisation may read (401 for nobody signed in). */
export const SIGNED_IN: unique symbol = Symbol('signed-in');

/** Who may read a binding: holders of a permission, any signed-in user, or anyone (null). */
export type ReadAccess = string | typeof SIGNED_IN | null;

/**
 * Ties a catalogue entry to a table: which schema answers and accepts, who may read and write.
 * The generic module registers the entry's enabled operations from this and nothing else.
 */
export type ResourceBinding = {
  /** Catalogue entry name (`@muster/contract` catalogue). */
  entry: string;
  /** What one row is called in sentences, e.g. `term`. */
  label: string;
  table: PgTable;
  /** Wire shape of one row (snake_case keys; each maps to a camelCase column). */
  row: z.ZodObject;
  /** Wire shape of a store; an update accepts the same fields, each optional. Needed when writes are enabled. */
  body?: z.ZodObject;
  /** Permission needed to read (index, show); SIGNED_IN for any signed-in user; null for public. */
  read: ReadAccess;
  /** Permission needed to store, update and delete. */
  write: string;
  /**
   * Reference data that no organisation owns (no `organisation_id`): read-only, and the one
   * kind of query here not scoped by organisation.
   */
  global?: boolean;
  /** camelCase key of the identifying column; default `id` (an integer). */
  idColumn?: string;
  /** camelCase keys to sort by, ascending; the id always breaks ties. */
  orderBy: string[];
  /** Largest `per_page`; default MAX_PER_PAGE (100). */
  maxPerPage?: number;
  parent?: ParentBinding;
  references?: ReferenceBinding[];
};

/** The organisation settings any admin screen lists, written only by organisation managers. */
const MANAGE_ORGANISATION = 'manage-organisation';
/** Who may see the organisation's people-facing setup (the heartbeat's permission, §4). */
const VIEW_USERS = 'view-users';
/** Who runs the organisation's residential stays (rooms, bookings and their settings). */
const MANAGE_RESIDENTIAL = 'manage-residential';

/**
 * The plain-CRUD resources served from the catalogue. Everything else in the catalogue is either
 * hand-written in a module (behaviour the spec describes) or not built yet.
 */
export const resourceBindings: ResourceBinding[] = [
  {
    entry: 'organisation.terms',
    label: 'term',
    table: terms,
    row: organisationTermSchema,
    body: organisationTermBodySchema,
    // The application form shows the terms before the applicant has an account.
    read: null,
    write: MANAGE_ORGANISATION,
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
    orderBy: ['position', 'name'],
  },
];
