import { z } from 'zod';
import { requiredText, optionalText, idList as sharedIdList, rowReference as reference } from './fields.js';
import { formSectionSchema } from '../opportunity.js';

/*
 * Per-user resources stored in tables of their own (platform-foundation §7 "Per-user resources":
 * phone numbers, email addresses, postal addresses, guardians, supervisors, roles), and the bodies
 * and answers of the named per-user calls (mark-read, reply, forward, dismiss, acknowledge,
 * sub-notes, can-be-blocked, forgot-password, the diversity link). Choices: docs/catalogue.md
 * "Per-user resources" and "Per-user calls". Wire names are snake_case; write schemas carry no
 * defaults, so a store leaves an omitted field to the database default and an update (every field
 * optional) leaves it unchanged. Dates are `YYYY-MM-DD`.
 */

/** Most ids one mark-read or dismiss may name, and most people one forward reaches. */
export const PER_USER_BULK_MAX_IDS = 500;
export const FORWARD_MAX_RECIPIENTS = 100;
/** Longest message text of a reply or a forward. */
export const MESSAGE_MAX_LENGTH = 20_000;
/** Longest subject of a message. */
export const MESSAGE_SUBJECT_MAX_LENGTH = 200;
/** How long a diversity link works unless asked otherwise, and at most. */
export const DIVERSITY_LINK_DEFAULT_DAYS = 14;
export const DIVERSITY_LINK_MAX_DAYS = 60;

// ——— Building blocks ———

const id = z.number().int().positive().describe('Identifier.');

/** A calendar date `YYYY-MM-DD`. */
function writeDate(label: string) {
  return z.iso.date({ error: `The ${label} must be a date written as YYYY-MM-DD.` });
}

const writeEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, { error: 'The email address may be at most 254 characters.' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

// ——— Phone numbers ———

export const userPhoneNumberSchema = z
  .object({
    id,
    phone_number: z.string().describe('The number in E.164 form, e.g. +447700900123.'),
    country_code: z.string().describe('Two-letter region the number was entered for.'),
    primary: z.boolean().describe('The number the organisation calls first (one per person).'),
    default_sms: z.boolean().describe('The number texts (and SMS sign-in codes) go to (one per person).'),
  })
  .describe('A phone number of a person');
export type UserPhoneNumber = z.infer<typeof userPhoneNumberSchema>;

export const userPhoneNumberBodySchema = z.object({
  phone_number: requiredText('a telephone number', 40).describe(
    'The number as typed or in E.164; read in `country_code` and stored in E.164.',
  ),
  country_code: z
    .string({ error: 'The region must be a two-letter country code.' })
    .regex(/^[A-Za-z]{2}$/, { error: 'The region must be a two-letter country code.' })
    .transform((value) => value.toUpperCase())
    .optional()
    .describe(
      'Two-letter region to read a national number in (default the person’s other numbers’, else GB).',
    ),
  primary: z
    .boolean({ error: 'Primary must be true or false.' })
    .optional()
    .describe('Make this the primary number (the others stop being primary).'),
  default_sms: z
    .boolean({ error: 'Default SMS must be true or false.' })
    .optional()
    .describe('Send texts to this number (the others stop receiving them).'),
});
export type UserPhoneNumberBody = z.infer<typeof userPhoneNumberBodySchema>;

// ——— Email addresses ———

export const userEmailAddressSchema = z
  .object({
    id,
    email: z.string().describe('The address; any of a person’s addresses signs them in.'),
    primary: z.boolean().describe('Where the organisation’s emails and password resets go (one per person).'),
  })
  .describe('An email address of a person');
export type UserEmailAddress = z.infer<typeof userEmailAddressSchema>;

export const userEmailAddressBodySchema = z.object({
  email: writeEmail.describe('The address; unique within the organisation, compared without case.'),
  primary: z
    .boolean({ error: 'Primary must be true or false.' })
    .optional()
    .describe('Make this the primary address (the others stop being primary).'),
});
export type UserEmailAddressBody = z.infer<typeof userEmailAddressBodySchema>;

// ——— Postal addresses ———

export const userPostalAddressSchema = z
  .object({
    id,
    company_name: z.string().nullable().describe('Organisation at the address, if any.'),
    street: z.string().describe('First line.'),
    street_second: z.string().nullable().describe('Second line.'),
    street_third: z.string().nullable().describe('Third line.'),
    city: z.string().describe('Town or city.'),
    county: z.string().nullable().describe('County or region.'),
    postcode: z.string().describe('Postcode.'),
    country: z.string().describe('Country name.'),
    from_date: z.string().nullable().describe('Lived there from (YYYY-MM-DD); null when not said.'),
    to_date: z.string().nullable().describe('Lived there until (YYYY-MM-DD); null while current.'),
    historical: z
      .boolean()
      .describe('An earlier address (part of the address history) rather than a current one.'),
  })
  .describe('A postal address of a person');
export type UserPostalAddress = z.infer<typeof userPostalAddressSchema>;

export const userPostalAddressBodySchema = z.object({
  company_name: optionalText('company name', 200).describe('Organisation at the address; null for none.'),
  street: requiredText('the first line of the address', 200).describe('First line.'),
  street_second: optionalText('second line', 200).describe('Second line; null for none.'),
  street_third: optionalText('third line', 200).describe('Third line; null for none.'),
  city: requiredText('the town or city', 100).describe('Town or city.'),
  county: optionalText('county', 100).describe('County or region; null for none.'),
  postcode: requiredText('the postcode', 20).describe('Postcode.'),
  country: requiredText('the country', 100).optional().describe('Country name (default United Kingdom).'),
  from_date: writeDate('date moved in')
    .nullable()
    .optional()
    .describe('Lived there from (YYYY-MM-DD); null for not said.'),
  to_date: writeDate('date moved out')
    .nullable()
    .optional()
    .describe('Lived there until (YYYY-MM-DD); null while current.'),
  historical: z
    .boolean({ error: 'Historical must be true or false.' })
    .optional()
    .describe('An earlier address rather than a current one (default false).'),
});
export type UserPostalAddressBody = z.infer<typeof userPostalAddressBodySchema>;

// ——— Guardians ———

export const userGuardianSchema = z
  .object({
    id,
    guardian_user_id: z.number().int().nullable().describe('The guardian’s own account, when they have one.'),
    first_name: z.string().describe('Guardian’s first name.'),
    last_name: z.string().describe('Guardian’s last name.'),
    email: z.string().describe('Where the guardian is reached (parental consent requests go here).'),
  })
  .describe('A parent or guardian of a person (usually a minor)');
export type UserGuardian = z.infer<typeof userGuardianSchema>;

export const userGuardianBodySchema = z.object({
  guardian_user_id: reference('The guardian must be a user of this organisation.')
    .nullable()
    .optional()
    .describe('The guardian’s own account in this organisation; null for none.'),
  first_name: requiredText('the guardian’s first name', 100).describe('Guardian’s first name.'),
  last_name: requiredText('the guardian’s last name', 100).describe('Guardian’s last name.'),
  email: writeEmail.describe('Where the guardian is reached.'),
});
export type UserGuardianBody = z.infer<typeof userGuardianBodySchema>;

// ——— Roles (users.role-profiles) ———

export const userRoleSchema = z
  .object({
    id,
    team_id: z.number().int().describe('The team the role is held in.'),
    role_profile_id: z.number().int().describe('The role profile held (what the role may do).'),
    end_date: z
      .string()
      .nullable()
      .describe('Last day the role is held (YYYY-MM-DD); null while open-ended.'),
  })
  .describe('A role a person holds: a role profile in a team, until an end date');
export type UserRole = z.infer<typeof userRoleSchema>;

export const userRoleBodySchema = z.object({
  team_id: reference('The team must be a team of this organisation.').describe('A team of the organisation.'),
  role_profile_id: reference('The role profile must be one of this organisation’s.').describe(
    'A role profile of the organisation.',
  ),
  end_date: writeDate('end date')
    .nullable()
    .optional()
    .describe('Last day held (YYYY-MM-DD); null for open-ended.'),
});
export type UserRoleBody = z.infer<typeof userRoleBodySchema>;

// ——— Supervisors ———

export const userSupervisorSchema = z
  .object({
    id: z.number().int().describe('The supervisor’s user id (names the record in item routes).'),
    supervisor_user_id: z.number().int().describe('The supervisor’s user id.'),
    first_name: z.string().describe('Supervisor’s first name.'),
    last_name: z.string().describe('Supervisor’s last name.'),
    email: z.string().nullable().describe('Supervisor’s primary email address, if any.'),
    created_at: z.string().describe('Since when (ISO 8601, UTC).'),
  })
  .describe('Someone who may act for a person (apply on their behalf)');
export type UserSupervisor = z.infer<typeof userSupervisorSchema>;

export const userSupervisorBodySchema = z.object({
  supervisor_user_id: reference('The supervisor must be a user of this organisation.').describe(
    'A user of the organisation, not the person themself.',
  ),
});
export type UserSupervisorBody = z.infer<typeof userSupervisorBodySchema>;

// ——— Named calls ———

/** Path of a per-user route with one item below the user: `/users/{userId}/…/{id}`. */
export const perUserItemParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  id: z.string().describe('The record’s identifier.'),
});

/** `/users/{userId}/messaging/{messageId}/…`. */
export const userMessageParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  messageId: z.string().describe('A message of the user’s (a `users.messaging` record).'),
});

/** `/users/{userId}/messaging/{messageId}/attachments/{fileId}/forward/`. */
export const userMessageAttachmentParamsSchema = userMessageParamsSchema.extend({
  fileId: z.string().describe('An attachment of that message (a `users.messaging.attachments` record).'),
});

/** `/users/{userId}/login-messages/{messageId}/acknowledge`. */
export const userLoginMessageParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  messageId: z
    .string()
    .describe('A login message of the organisation (an `organisation.login-messages` record).'),
});

/** `/users/{userId}/notes/{noteId}/sub-notes`. */
export const userNoteParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  noteId: z.string().describe('A note about the user (a `users.notes` record).'),
});

/** The `ids` of a bulk per-user call: at least one, at most PER_USER_BULK_MAX_IDS. */
function idList(what: string) {
  return sharedIdList(what, PER_USER_BULK_MAX_IDS).optional().describe(`The ${what}s, by id.`);
}

function allFlag(what: string) {
  return z
    .literal(true, { error: 'All must be true when given.' })
    .optional()
    .describe(`Every ${what} of the user instead of a list.`);
}

/** Exactly one of `ids` and `all: true`. */
function oneSelection(what: string) {
  return (body: { ids?: number[] | undefined; all?: true | undefined }, context: z.RefinementCtx) => {
    if ((body.ids === undefined) === (body.all === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['ids'],
        message: `Please list the ${what}s by id, or send all: true (not both).`,
      });
    }
  };
}

export const markReadBodySchema = z
  .object({
    ids: idList('message'),
    all: allFlag('message'),
    read: z
      .boolean({ error: 'Read must be true or false.' })
      .optional()
      .describe('true (default): mark read; false: mark unread again.'),
  })
  .superRefine(oneSelection('message'));
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const dismissBodySchema = z
  .object({ ids: idList('notification'), all: allFlag('notification') })
  .superRefine(oneSelection('notification'));
export type DismissBody = z.infer<typeof dismissBodySchema>;

export const bulkMarkResponseSchema = z.object({
  data: z.object({
    updated: z
      .number()
      .int()
      .describe('How many records changed (ones already in that state are not counted).'),
  }),
});
export type BulkMarkResponse = z.infer<typeof bulkMarkResponseSchema>;

const messageText = z
  .string({ error: 'Please write a message.' })
  .trim()
  .min(1, { error: 'Please write a message.' })
  .max(MESSAGE_MAX_LENGTH, { error: `A message may be at most ${MESSAGE_MAX_LENGTH} characters.` });

export const replyBodySchema = z.object({
  body: messageText.describe('The reply’s text.'),
  subject: z
    .string({ error: 'The subject must be text.' })
    .trim()
    .min(1, { error: 'The subject may not be empty.' })
    .max(MESSAGE_SUBJECT_MAX_LENGTH, {
      error: `The subject may be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters.`,
    })
    .optional()
    .describe('Subject (default `Re: ` and the original’s).'),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

export const forwardBodySchema = z.object({
  user_ids: z
    .array(reference('Each recipient must be named by their user id.'), {
      error: 'Please list the recipients by id.',
    })
    .min(1, { error: 'Please choose at least one recipient.' })
    .max(FORWARD_MAX_RECIPIENTS, { error: `At most ${FORWARD_MAX_RECIPIENTS} recipients at a time.` })
    .describe('Users of the organisation to send the attachment to.'),
  body: z
    .string({ error: 'The message must be text.' })
    .trim()
    .max(MESSAGE_MAX_LENGTH, { error: `A message may be at most ${MESSAGE_MAX_LENGTH} characters.` })
    .optional()
    .describe('A note to go with it.'),
});
export type ForwardBody = z.infer<typeof forwardBodySchema>;

/** A stored message or other per-user record: its own fields plus the ones the server keeps. */
export const perUserDocumentSchema = z
  .object({
    id: z.number().int().describe('Identifier.'),
    created_by: z.number().int().nullable().describe('The user who created the record, if still known.'),
    created_at: z.string().describe('When the record was created (ISO 8601).'),
    updated_at: z.string().describe('When the record last changed (ISO 8601).'),
  })
  .catchall(z.json())
  .describe('A record with its own fields and the ones the server keeps.');

export type PerUserDocument = z.infer<typeof perUserDocumentSchema>;

export const perUserDocumentResponseSchema = z.object({ data: perUserDocumentSchema });

export const canBeBlockedResponseSchema = z.object({
  data: z.object({
    can_be_blocked: z.boolean().describe('Whether the signed-in caller may block this user.'),
    reason: z.string().optional().describe('Why not, as a sentence to show; absent when they may.'),
  }),
});
export type CanBeBlockedResponse = z.infer<typeof canBeBlockedResponseSchema>;

export const forgotPasswordResponseSchema = z.object({
  data: z.object({
    message: z.string().describe('What happened, as a sentence to show.'),
    sent_to: z.string().describe('The address the link went to (the user’s primary).'),
    id: z
      .string()
      .optional()
      .describe('The reset link, for `PUT forgot-password/{id}` (cancel it); absent if it could not be found.'),
  }),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const diversityLinkBodySchema = z.object({
  send_email: z
    .boolean({ error: 'Send email must be true or false.' })
    .optional()
    .describe('Also email the link to the user’s primary address (default true).'),
  expires_in_days: z
    .number({ error: `The link may last from 1 to ${DIVERSITY_LINK_MAX_DAYS} days.` })
    .int({ error: `The link may last from 1 to ${DIVERSITY_LINK_MAX_DAYS} days.` })
    .min(1, { error: `The link may last from 1 to ${DIVERSITY_LINK_MAX_DAYS} days.` })
    .max(DIVERSITY_LINK_MAX_DAYS, { error: `The link may last from 1 to ${DIVERSITY_LINK_MAX_DAYS} days.` })
    .optional()
    .describe(`How long the link works (default ${DIVERSITY_LINK_DEFAULT_DAYS} days).`),
});
export type DiversityLinkBody = z.infer<typeof diversityLinkBodySchema>;

export const diversityLinkResponseSchema = z.object({
  data: z.object({
    url: z.string().describe('The single-use link where the user answers the diversity questions.'),
    expires_at: z.string().describe('When the link stops working (ISO 8601, UTC).'),
    sent_to: z.string().nullable().describe('The address it was emailed to; null when not emailed.'),
  }),
});
export type DiversityLinkResponse = z.infer<typeof diversityLinkResponseSchema>;

/** `/diversity/answer/{token}`: the secret of a diversity link. */
export const diversityLinkParamsSchema = z.object({
  token: z.string().max(200).describe('The secret part of the link.'),
});

export const diversityLinkFormResponseSchema = z.object({
  data: z.object({
    first_name: z.string().describe('Whose link it is, for the greeting.'),
    expires_at: z.string().describe('When the link stops working (ISO 8601, UTC).'),
    has_answered: z.boolean().describe('They have given diversity answers before (new ones replace them).'),
    diversity: formSectionSchema.shape.diversity
      .unwrap()
      .describe('The questions: the organisation’s own (v2), or the fixed option lists by field.'),
  }),
});
export type DiversityLinkFormResponse = z.infer<typeof diversityLinkFormResponseSchema>;

export const diversityLinkAnswerBodySchema = z.object({
  diversity: z
    .record(z.string(), z.unknown().describe('One answer.'))
    .describe(
      'The answers as the application form’s diversity step sends them: the fixed `*_id` fields (and `*_other`), or `diversity_v2_questions[{questionId}][option|options|other_text]`.',
    ),
});

export const diversityLinkAnswerResponseSchema = z.object({
  data: z.object({ message: z.string().describe('A sentence to show once the answers are saved.') }),
});
