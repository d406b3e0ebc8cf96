import {
  activityBodySchema,
  activityCategoryBodySchema,
  activityCategorySchema,
  activityOutcomeBodySchema,
  activityOutcomeSchema,
  activityParticipantBodySchema,
  activityParticipantSchema,
  activitySchema,
  hubDocumentBodySchema,
  hubDocumentSchema,
  newsArticleBodySchema,
  newsArticleSchema,
} from '@muster/contract';
import {
  activities,
  activityCategories,
  activityOutcomes,
  activityParticipants,
  hubDocuments,
  newsArticles,
  teams,
  users,
} from '../../db/schema/index.js';
import { SIGNED_IN, type ResourceBinding } from './types.js';

/*
 * Activities, news and the hub stored in tables of their own (db/schema/activities.ts,
 * db/schema/content.ts). Read and write are the defaults of each entry's family (view-activities /
 * manage-activities, view-news / manage-news, view-hub / manage-hub, view-users / manage-users for
 * a person's activities) except where noted. Hand-written in modules/content, which the generic
 * module then leaves alone: showing a news article (records that the reader read it), showing a
 * hub document (records the opening or download and hands out a link to its file) and storing one
 * (the file must be the caller's upload).
 */

/** A plain lookup list in `position` order, then by name. */
const LIST_ORDER = ['position', 'name'];

const TEAM_REFERENCE = {
  field: 'team_id',
  table: teams,
  message: 'The team must be a team of this organisation.',
};

export const activitiesBindings: ResourceBinding[] = [
  {
    entry: 'organisation.activity-categories',
    label: 'activity category',
    table: activityCategories,
    row: activityCategorySchema,
    example: { name: 'Conservation', description: 'Looking after green spaces and beaches' },
    body: activityCategoryBodySchema,
    // Whoever records an activity picks its category from this list.
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.activity-outcomes',
    label: 'activity outcome',
    table: activityOutcomes,
    row: activityOutcomeSchema,
    example: { name: 'Completed' },
    body: activityOutcomeBodySchema,
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'activities',
    label: 'activity',
    table: activities,
    row: activitySchema,
    example: {
      title: 'Beach clean',
      starts_at: '2027-05-01T09:00:00.000Z',
      ends_at: '2027-05-01T12:00:00.000Z',
      location: 'Porthmeor Beach',
      hours: 3,
      guests: 12,
    },
    body: activityBodySchema,
    orderBy: ['startsAt'],
    constraints: {
      activities_dates_check: { field: 'ends_at', message: 'The activity must end after it starts.' },
    },
    references: [
      {
        field: 'category_id',
        table: activityCategories,
        message: 'The category must be an activity category of this organisation.',
      },
      {
        field: 'outcome_id',
        table: activityOutcomes,
        message: 'The outcome must be an activity outcome of this organisation.',
      },
      TEAM_REFERENCE,
    ],
  },
  {
    // A person's part in an activity: signed up, took part or did not come, and their hours.
    entry: 'users.activities',
    label: 'activity',
    table: activityParticipants,
    row: activityParticipantSchema,
    body: activityParticipantBodySchema,
    orderBy: ['createdAt'],
    parent: { param: 'userId', table: users, column: 'userId', label: 'user' },
    constraints: {
      activity_participants_activity_user_unique: {
        field: 'activity_id',
        message: 'This person is already recorded on the activity.',
      },
    },
    references: [
      {
        field: 'activity_id',
        table: activities,
        message: 'The activity must be an activity of this organisation.',
      },
    ],
  },
  {
    entry: 'news',
    label: 'news article',
    table: newsArticles,
    row: newsArticleSchema,
    example: { title: 'Spring beach clean results', body: 'Forty of you came and cleared 200 kg of litter.' },
    body: newsArticleBodySchema,
    orderBy: ['publishedAt'],
    references: [TEAM_REFERENCE],
  },
  {
    entry: 'hub',
    label: 'hub document',
    table: hubDocuments,
    row: hubDocumentSchema,
    // The store is hand-written (the file must be the caller's upload); no update (the spec).
    body: hubDocumentBodySchema,
    orderBy: ['folder', 'title'],
    references: [TEAM_REFERENCE],
  },
];
