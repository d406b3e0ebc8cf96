import type { OwnRecords } from './bindings/index.js';

/**
 * Per-user resources a person reaches for their own records (`/users/{their id}/…`) without a
 * permission: what they keep about themselves they may change; what the organisation keeps about
 * them they may read. Everyone else needs the entry's permission (`view-users` / `manage-users`).
 * Notes, touchpoints, tags, blocks, vetting details and logs are the organisation's, not listed.
 */
export const OWN_RECORDS: Readonly<Record<string, OwnRecords>> = {
  'users.postal-addresses': 'write',
  'users.phone-numbers': 'write',
  // Sign-in accepts any of a person's addresses: they change theirs through the verified contact change.
  'users.email-addresses': 'read',
  'users.emergency-contacts': 'write',
  'users.notifications': 'write',
  'users.notifications.dismiss': 'write',
  'users.notification-settings': 'write',
  'users.notification-tokens': 'write',
  'users.favourites': 'write',
  'users.interests': 'write',
  'users.todos': 'write',
  'users.reminders': 'write',
  'users.messaging': 'write',
  'users.messaging.labels': 'write',
  'users.messaging.mark-read': 'write',
  'users.messaging.reply': 'write',
  'users.messaging.attachments': 'write',
  'users.messaging.attachments.forward': 'write',
  'users.login-messages': 'write',
  'users.login-messages.acknowledge': 'write',
  'users.profile-photo': 'write',
  'users.request-anonymisation': 'write',
  'users.activity-consents': 'write',
  'users.expenses': 'write',
  'users.expenses.attachments': 'write',
  'users.claims': 'write',
  'users.skills': 'read',
  'users.skills.bio': 'write',
  'users.inductions': 'read',
  'users.inductions.attachments': 'read',
  'users.recognitions': 'read',
  'users.recognitions.attachments': 'read',
  'users.activities': 'read',
  'users.messaging.logs': 'read',
  'users.role-profiles': 'read',
  'users.role-consents': 'read',
  'users.supervisors': 'read',
  'users.guardians': 'read',
  'users.vetting': 'read',
  'users.applications': 'read',
  'users.applications.documents': 'read',
  'users.applications.references': 'read',
  'users.applications.parental-consent': 'read',
  'users.expenses.authorisers': 'read',
};
