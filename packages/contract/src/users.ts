import { z } from 'zod';
import { rowReference, writeDate } from './resources/fields.js';

import { USER_INCLUDES, type UserInclude } from './user-includes.js';

export { USER_INCLUDES, type UserInclude } from './user-includes.js';

export const userParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
});

export const userShowQuerySchema = z.object({
  include: z
    .string()
    .max(500)
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const unknown = names.filter((name) => !(USER_INCLUDES as readonly string[]).includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown include: ${unknown.join(', ')}. Known: ${USER_INCLUDES.join(', ')}.`,
        });
        return [];
      }
      return names as UserInclude[];
    })
    .describe(`Comma-separated relations to include: ${USER_INCLUDES.join(', ')}.`),
});

const addressSchema = z.object({
  id: z.number().int(),
  company_name: z.string().nullable(),
  street: z.string(),
  street_second: z.string().nullable(),
  street_third: z.string().nullable(),
  city: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
  from_date: z.string().nullable().describe('YYYY-MM-DD'),
  to_date: z.string().nullable().describe('YYYY-MM-DD'),
});

export const userAttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  original_name: z.string(),
  file_size: z.number().int(),
  type: z.string(),
});

/** A user as the application form and profile read them (applicant-flow §3.6). */
export const userSchema = z.object({
  id: z.number().int(),
  display_name: z.string().describe('Preferred (or first) name and last name.'),
  title: z.string().nullable(),
  preferred_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullable().describe('YYYY-MM-DD'),
  status: z.object({ id: z.number().int(), name: z.string() }),
  '2fa_enabled': z.boolean(),
  '2fa_method': z.enum(['email', 'sms', 'auth_app', 'magic_link']).nullable(),
  '2fa_enforced': z.boolean().describe('One of the user’s current roles enforces two-factor sign-in.'),
  '2fa_trusted': z.boolean().describe('The user has at least one live "trust this computer" device.'),
  '2fa_secret': z.boolean().describe('An authenticator-app secret is set. The secret itself is never sent.'),
  roles: z
    .array(
      z.object({
        id: z.number().int(),
        end_date: z.string().nullable().describe('YYYY-MM-DD; null while open-ended.'),
        team: z
          .object({ id: z.number().int(), name: z.string() })
          .optional()
          .describe('With include roles.team.'),
        roleProfile: z
          .object({ id: z.number().int(), display_name: z.string() })
          .optional()
          .describe('With include roles.roleProfile.'),
      }),
    )
    .optional(),
  emailAddresses: z
    .array(z.object({ id: z.number().int(), email: z.string(), primary: z.boolean() }))
    .optional(),
  phoneNumbers: z
    .array(
      z.object({
        id: z.number().int(),
        phone_number: z.string().describe('E.164'),
        country_code: z.string().describe('Two-letter region.'),
        primary: z.boolean(),
        default_sms: z.boolean(),
      }),
    )
    .optional(),
  addresses: z.array(addressSchema).optional().describe('Current addresses.'),
  historicalAddresses: z.array(addressSchema).optional().describe('Earlier addresses (the address history).'),
  attributes: z
    .array(
      z.object({
        id: z.number().int().describe('Attribute id.'),
        slug: z.string(),
        name: z.string(),
        type: z.string(),
        permission: z.enum(['write', 'read-only']),
        position: z.number().int(),
        category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        value: z.unknown().describe('By type; file types hold a list of attachments.'),
      }),
    )
    .optional(),
  recruitmentApplications: z
    .array(
      z.object({
        id: z.number().int(),
        active: z.boolean(),
        status: z.string(),
        created_at: z.string(),
        opportunity: z.object({
          id: z.number().int(),
          slug: z.string(),
          display_name: z.string(),
          type: z.string(),
        }),
      }),
    )
    .optional(),
  documents: z
    .array(z.object({ documentId: z.number().int().describe('Document type id.') }))
    .optional()
    .describe(
      'Supporting documents the user has supplied with any of their applications: not asked again (applicant-flow §2.6, §3.1).',
    ),
});
export type User = z.infer<typeof userSchema>;
export type UserAttachment = z.infer<typeof userAttachmentSchema>;

export const userResponseSchema = z.object({ data: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** `GET /api/users/{userId}/diversity/has-answers`: the form reads `data.data.has_answered`. */
export const diversityHasAnswersResponseSchema = z.object({
  data: z.object({
    data: z.object({ has_answered: z.boolean().describe('The user has given diversity answers before.') }),
  }),
});
export type DiversityHasAnswersResponse = z.infer<typeof diversityHasAnswersResponseSchema>;

/** The sentences `PUT /api/users/{userId}` answers with (its 409s, 403s and field errors). */
export const userStatusMessages = {
  statusRequired: 'The status must be "left" (record that they left) or "active" (take them back).',
  reasonUnknown: 'The leaving reason must be one of this organisation’s current leaving reasons.',
  leftBeforeJoined: (joinedOn: string) =>
    `The leaving day cannot be before they started volunteering (${joinedOn}).`,
  leftInFuture: 'The leaving day cannot be in the future: record the leaving on the day they leave.',
  notVolunteering:
    'They are not volunteering at the moment (no open period of volunteering), so there is nothing to end.',
  notLeft: 'Only someone who has left can be taken back.',
  self: 'You cannot record your own leaving.',
  holdsMore:
    'They hold permissions you do not have, so only someone with at least their permissions may change their status.',
} as const;

/** `status: "left"`: the person stopped volunteering. */
export const userLeavingBodySchema = z.object({
  status: z.literal('left').describe('Record that they left.'),
  left_on: writeDate('leaving day')
    .optional()
    .describe(
      'Their last day as a volunteer (YYYY-MM-DD, in the organisation’s calendar); today when left out. Not before ' +
        'the day their current period of volunteering began, and not in the future.',
    ),
  leaving_reason_id: rowReference(userStatusMessages.reasonUnknown)
    .nullable()
    .optional()
    .describe(
      'Why they left: one of the organisation’s active leaving reasons (`/organisation/leaving-reasons/`); null or ' +
        'left out when not known (the reports count it as "Not recorded").',
    ),
});
export type UserLeavingBody = z.infer<typeof userLeavingBodySchema>;

/** `status: "active"`: someone who left is taken back. */
export const userReinstateBodySchema = z.object({
  status: z
    .literal('active')
    .describe(
      'Take back someone who left: they may sign in again. Their earlier periods stay as they were; giving them a ' +
        'role opens a new one (a starter in the reports).',
    ),
});
export type UserReinstateBody = z.infer<typeof userReinstateBodySchema>;

/**
 * `PUT /api/users/{userId}` (manage-users): changes the person's status. `left` closes their open
 * period of volunteering with its last day and reason, ends their current roles on that day and
 * signs them out everywhere; `active` takes back someone who left.
 */
export const userUpdateBodySchema = z
  .discriminatedUnion('status', [userLeavingBodySchema, userReinstateBodySchema], {
    error: () => userStatusMessages.statusRequired,
  })
  .describe('A change of status: `left` with its day and reason, or `active`.');
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;
