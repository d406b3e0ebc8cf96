import type { AreaEntry, CatalogueEntry } from './types.js';
import { ALL_OPERATIONS, except, inArea, only } from './types.js';

type Row = Omit<CatalogueEntry, 'area' | 'path' | 'operations'> & {
  /** Relative to `/users/{userId}/`. */
  under: string;
  operations?: CatalogueEntry['operations'];
};

const USER = '/users/{userId}/';

/** A per-user row as an entry, literal types kept: the path under {@link USER}, all operations by default. */
type PerUserEntry<R extends Row> = Omit<R, 'under' | 'operations'> & {
  readonly path: `${typeof USER}${R['under']}`;
  readonly operations: R extends { operations: infer O } ? O : typeof ALL_OPERATIONS;
};

/** Per-user rows: every path relative to `/users/{userId}/`, generic where not disabled. */
function perUser<const R extends readonly Row[]>(rows: R): { readonly [K in keyof R]: PerUserEntry<R[K]> } {
  const entries: AreaEntry[] = rows.map(({ under, operations, ...rest }) => ({
    ...rest,
    path: `${USER}${under}`,
    operations: operations ?? ALL_OPERATIONS,
  }));
  return entries as unknown as { readonly [K in keyof R]: PerUserEntry<R[K]> };
}

/** platform-foundation §7 "Per-user resources". */
export const perUserRoutes = inArea('per-user', [
  ...perUser([
    { name: 'users.blocked', under: 'blocked/' },
    { name: 'users.blocked.can-be-blocked', under: 'blocked/can-be-blocked/' },
    { name: 'users.claims', under: 'claims/' },
    { name: 'users.consents', under: 'consents/' },
    {
      name: 'users.contact-change',
      under: 'contact-change',
      operations: only('store', 'update'),
      note:
        'Not in the spec’s list: the profile’s email or phone change (issue 9). POST sends a code to the new ' +
        'address or number, PUT `{kind, code}` confirms it; index, show and delete do not exist.',
    },
    { name: 'users.denied-permissions', under: 'denied-permissions/' },
    {
      name: 'users.diversity',
      under: 'diversity/',
      note: 'GET answers the user’s diversity answers.',
      extra: [
        { method: 'GET', path: `${USER}diversity/has-answers` },
        { method: 'POST', path: `${USER}diversity/url/`, note: 'With a payload.' },
      ],
    },
    { name: 'users.email-addresses', under: 'email-addresses/' },
    { name: 'users.emergency-contacts', under: 'emergency-contacts/' },
    { name: 'users.expenses', under: 'expenses/' },
    { name: 'users.expenses.authorisers', under: 'expenses/authorisers' },
    { name: 'users.expenses.attachments', under: 'expenses/{expenseId}/attachments/' },
    { name: 'users.favourites', under: 'favourites/', operations: except('update') },
    { name: 'users.files', under: 'files/' },
    {
      name: 'users.forgot-password',
      under: 'forgot-password',
      operations: except('index', 'show', 'del'),
      note: 'No index, show or delete.',
    },
    { name: 'users.guardians.logs', under: 'guardians/logs/' },
    {
      name: 'users.inductions',
      under: 'inductions/',
      extra: [
        { method: 'PUT', path: '/users/{authUserId}/inductions/self-complete/{id}', note: 'With a body.' },
      ],
    },
    { name: 'users.inductions.attachments', under: 'inductions/{inductionId}/attachments/' },
    { name: 'users.interests', under: 'interests/' },
    { name: 'users.skills', under: 'skills/' },
    { name: 'users.skills.bio', under: 'skills/{categoryId}/bio' },
    {
      name: 'users.login-messages',
      under: 'login-messages/',
      operations: only('index', 'store'),
      note: 'List and create only.',
    },
    {
      name: 'users.login-messages.acknowledge',
      under: 'login-messages/{messageId}/acknowledge',
      note: 'The spec names the route without its calls; the generic pattern applies.',
    },
    { name: 'users.logs', under: 'logs/', operations: except('update') },
    { name: 'users.messaging', under: 'messaging/' },
    { name: 'users.messaging.attachments', under: 'messaging/{messageId}/attachments/' },
    {
      name: 'users.messaging.attachments.forward',
      under: 'messaging/{messageId}/attachments/{fileId}/forward/',
    },
    { name: 'users.messaging.labels', under: 'messaging/labels/' },
    { name: 'users.messaging.logs', under: 'messaging/{messageId}/logs/' },
    { name: 'users.messaging.mark-read', under: 'messaging/mark-read/', operations: except('index') },
    { name: 'users.messaging.reply', under: 'messaging/{messageId}/reply/' },
    { name: 'users.notes', under: 'notes/' },
    { name: 'users.notes.sub-notes', under: 'notes/{noteId}/sub-notes', operations: only('store') },
    { name: 'users.notifications', under: 'notifications/' },
    { name: 'users.notifications.dismiss', under: 'notifications/dismiss/' },
    { name: 'users.notification-settings', under: 'notification-settings/' },
    { name: 'users.notification-tokens', under: 'notification-tokens/' },
    { name: 'users.parental-consents', under: 'parental-consents/' },
    { name: 'users.password', under: 'password/', operations: only('update') },
    { name: 'users.phone-numbers', under: 'phone-numbers/' },
    { name: 'users.postal-addresses', under: 'postal-addresses/' },
    { name: 'users.profile-photo', under: 'profile-photo/', operations: except('show', 'update') },
    { name: 'users.recognitions', under: 'recognitions/' },
    { name: 'users.recognitions.attachments', under: 'recognitions/{recognitionId}/attachments/' },
    { name: 'users.reminders', under: 'reminders/' },
    { name: 'users.residential-bookings', under: 'residential-bookings/' },
    {
      name: 'users.role-consents',
      under: 'role-consents/',
      operations: only('index'),
      note: 'GET list only.',
    },
    { name: 'users.role-profiles', under: 'role-profiles/' },
    { name: 'users.supervisors', under: 'supervisors/' },
    { name: 'users.tags', under: 'tags/' },
    { name: 'users.todos', under: 'todos/' },
    { name: 'users.touchpoints', under: 'touchpoints/' },
    {
      name: 'users.touchpoints.sub-touchpoints',
      under: 'touchpoints/{touchpointId}/sub-touchpoints',
      operations: only('store'),
    },
    { name: 'users.touchpoints.attachments', under: 'touchpoints/{touchpointId}/attachments/' },
    { name: 'users.activities', under: 'activities/' },
    { name: 'users.activity-consents', under: 'activity-consents/' },
    { name: 'users.request-anonymisation', under: 'request-anonymisation/' },
    { name: 'users.applications', under: 'applications/' },
    { name: 'users.applications.documents', under: 'applications/{applicationId}/documents/' },
    { name: 'users.applications.parental-consent', under: 'applications/{applicationId}/parental-consent/' },
    { name: 'users.applications.references', under: 'applications/{applicationId}/references/' },
    {
      name: 'users.two-factor',
      under: 'two-factor/',
      operations: only('store', 'update'),
      note: 'Index, show and delete are disabled.',
    },
    {
      name: 'users.two-factor.trust-computer',
      under: 'two-factor/trust-computer',
      operations: only('store', 'update'),
      note: 'Index, show and delete are disabled.',
    },
    { name: 'users.vetting', under: 'vetting/' },
  ]),
  { name: 'vetting', path: '/vetting/', operations: ALL_OPERATIONS },
]);
