import { z } from 'zod';

/** Relations `GET /api/users/{id}` can include (applicant-flow §7 "GET user {id}"). */
export const USER_INCLUDES = [
  'roles',
  'roles.team',
  'roles.roleProfile',
  'emailAddresses',
  'addresses',
  'historicalAddresses',
  'phoneNumbers',
  'attributes',
  'recruitmentApplications',
  'documents',
] as const;
export type UserInclude = (typeof USER_INCLUDES)[number];

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
