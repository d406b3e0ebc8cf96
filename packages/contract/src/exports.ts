import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { rowReference } from './resources/fields.js';

/*
 * Exports (platform-foundation §7 "Exports" and the `.../export` calls of "Analytics"): a request
 * creates an export record at once; the CSV and XLSX files are built in the background, and the
 * requester is emailed a link when they are ready (docs/exports.md).
 */

/** Where an export stands. */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The two files every export is built as. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The columns a users export may choose, in the order they are offered (and written). */
export const USER_EXPORT_FIELDS = [
  { key: 'id', label: 'ID', description: 'The person’s id in Muster.' },
  { key: 'title', label: 'Title', description: 'Title (Mr, Ms, Dr…), if given.' },
  { key: 'first_name', label: 'First name', description: 'First name.' },
  { key: 'last_name', label: 'Last name', description: 'Last name.' },
  {
    key: 'preferred_name',
    label: 'Preferred name',
    description: 'The name they prefer to be called, if given.',
  },
  { key: 'email', label: 'Email', description: 'Primary email address.' },
  { key: 'phone', label: 'Phone', description: 'Primary phone number, in international format.' },
  { key: 'date_of_birth', label: 'Date of birth', description: 'Date of birth (YYYY-MM-DD).' },
  { key: 'status', label: 'Status', description: 'Applicant, Active, Inactive, Left or Blocked.' },
  { key: 'teams', label: 'Teams', description: 'Teams of their current roles, separated by semicolons.' },
  { key: 'roles', label: 'Roles', description: 'Role profiles they hold now, separated by semicolons.' },
  { key: 'address', label: 'Address', description: 'Current postal address on one line.' },
  { key: 'postcode', label: 'Postcode', description: 'Postcode of the current address.' },
  { key: 'joined', label: 'Joined', description: 'The day their record was created (applied or was added).' },
  { key: 'last_active', label: 'Last active', description: 'When they last used Muster (UTC), if ever.' },
] as const;

export type UserExportField = (typeof USER_EXPORT_FIELDS)[number]['key'];
export const USER_EXPORT_FIELD_KEYS = USER_EXPORT_FIELDS.map((field) => field.key) as [
  UserExportField,
  ...UserExportField[],
];

/** User statuses a users export may be narrowed to. */
export const USER_EXPORT_STATUSES = ['applicant', 'active', 'inactive', 'left', 'blocked'] as const;
export type UserExportStatus = (typeof USER_EXPORT_STATUSES)[number];

/** One column an export may choose. */
export const exportFieldSchema = z.object({
  key: z.string().describe('What to send in `columns`, e.g. `first_name`.'),
  label: z.string().describe('The column’s heading in the files.'),
  description: z.string().describe('What the column holds.'),
  kind: z.literal('users').describe('The kind of export the column belongs to.'),
});
export type ExportField = z.infer<typeof exportFieldSchema>;

/** `GET /exports/fields/` and `GET /exports/fields/users`: the columns a users export may choose. */
export const exportFieldListResponseSchema = dataEnvelope(
  z.array(exportFieldSchema).describe('The columns, in the order they are offered.'),
).describe('Export fields');
export type ExportFieldListResponse = z.infer<typeof exportFieldListResponseSchema>;

const idListMessage = (what: string) => `Each ${what} must be named by its id.`;
const idList = (what: string) =>
  z.array(rowReference(idListMessage(what))).max(100, { error: `At most 100 ${what}s at a time.` });

/** `POST /exports/`: an export of the organisation's people with the chosen columns. */
export const createUserExportBodySchema = z
  .object({
    kind: z
      .literal('users', { error: 'Only a users export can be asked for here.' })
      .describe('What to export: `users` (report exports are asked for at each report’s `/export` call).'),
    columns: z
      .array(z.enum(USER_EXPORT_FIELD_KEYS, { error: 'Please choose columns from the export fields.' }))
      .min(1, { error: 'Please choose at least one column.' })
      .max(USER_EXPORT_FIELDS.length, { error: 'Please choose each column once.' })
      .refine((columns) => new Set(columns).size === columns.length, {
        error: 'Please choose each column once.',
      })
      .describe('The columns to write, in this order (keys from `/exports/fields/users`).'),
    status: z
      .array(z.enum(USER_EXPORT_STATUSES, { error: 'Please choose statuses from the list.' }))
      .max(USER_EXPORT_STATUSES.length, { error: 'Please choose each status once.' })
      .optional()
      .describe('Only people with one of these statuses; everyone when absent or empty.'),
    team: idList('team').optional().describe('Only people holding a current role in one of these teams.'),
    role_profile: idList('role profile')
      .optional()
      .describe('Only people currently holding one of these role profiles.'),
  })
  .strict();
export type CreateUserExportBody = z.infer<typeof createUserExportBodySchema>;

/** The filters an export was asked with, as stored on it. */
export const exportQuerySchema = z
  .object({
    from: z.iso.date().optional().describe('A report export: first day of the period.'),
    to: z.iso.date().optional().describe('A report export: last day of the period.'),
    team: z.array(z.number().int()).optional().describe('Teams narrowed to.'),
    role_profile: z.array(z.number().int()).optional().describe('Role profiles narrowed to.'),
    status: z
      .array(z.enum(USER_EXPORT_STATUSES))
      .optional()
      .describe('A users export: statuses narrowed to.'),
  })
  .describe('The filters the export was asked with.');

/** One export record. */
export const exportSchema = z.object({
  id: z.number().int().describe('Export id.'),
  kind: z.enum(['users', 'report']).describe('`users`, or `report` for a report’s rows.'),
  report: z
    .string()
    .nullable()
    .describe('For a report export, the report’s path, e.g. `/analytics/training/by-user`.'),
  columns: z.array(z.string()).describe('The columns written (a report’s once the export is built).'),
  query: exportQuerySchema,
  status: z.enum(EXPORT_STATUSES).describe('queued, running, ready or failed.'),
  progress: z
    .object({
      rows_done: z.number().int().describe('Rows written so far.'),
      rows_total: z.number().int().nullable().describe('Rows to write, once counted.'),
      percent: z.number().int().nullable().describe('rows_done of rows_total, 0 to 100, once counted.'),
    })
    .describe('How far the build has come.'),
  files: z
    .array(
      z.object({
        format: z.enum(EXPORT_FORMATS).describe('csv or xlsx.'),
        url: z.string().describe('Where the requester downloads it (signed in as themself).'),
        bytes: z.number().int().nullable().describe('Size of the file.'),
      }),
    )
    .describe('The files, once ready.'),
  error: z.string().nullable().describe('Why a failed export failed.'),
  created_at: z.iso.datetime().describe('When it was asked for.'),
  started_at: z.iso.datetime().nullable().describe('When its current build started.'),
  finished_at: z.iso.datetime().nullable().describe('When it became ready or failed.'),
  expires_at: z.iso.datetime().nullable().describe('When the files are deleted.'),
});
export type ExportRecord = z.infer<typeof exportSchema>;

/** Show, store and resend answers: `{data: export}`. */
export const exportResponseSchema = dataEnvelope(exportSchema).describe('Export');
export type ExportResponse = z.infer<typeof exportResponseSchema>;

/** `GET /exports/{id}/download` query. */
export const exportDownloadQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: 'Please ask for csv or xlsx.' })
    .describe('Which file: csv or xlsx.'),
});
export type ExportDownloadQuery = z.infer<typeof exportDownloadQuerySchema>;
