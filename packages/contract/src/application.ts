import { z } from 'zod';
import { errorResponseSchema } from './api.js';
import { residentialBookingSummarySchema } from './residential/api.js';

export * from './application/index.js';

export { addressHistoryMessage, applicationMessages } from './application-messages.js';

const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Email is required' : 'Please enter a valid email address',
  })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'The maximum length is 254')
  .pipe(z.email('Please enter a valid email address'))
  .describe('Email address (compared case-insensitively).');

// ------------------------------------------------- POST /api/application/check-email

/** `POST /api/application/check-email`. */
export const checkEmailBodySchema = z.object({ email: emailField });
export type CheckEmailBody = z.infer<typeof checkEmailBodySchema>;

/** 200: no account holds the address; the form goes on with the new-applicant fields. */
export const checkEmailResponseSchema = z
  .object({
    data: z.object({ exists: z.literal(false).describe('No account holds this address.') }),
  })
  .describe('A new address');
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;

/**
 * 409 (the account has a password: sign in here) or 410 (the account exists but cannot sign in
 * with a password here: none is set, e.g. a supervisor created it). `redirect`, when set, is
 * where the page sends the browser instead (single sign-on).
 */
export const checkEmailExistingSchema = z
  .object({
    message: z.string().describe('What the applicant should do next.'),
    data: z.object({
      exists: z.literal(true),
      has_password: z.boolean().describe('True for 409: the account signs in with a password here.'),
      redirect: z
        .string()
        .nullable()
        .describe(
          'Where to send the browser to sign in elsewhere (`/auth/sso/redirect` in a single sign-on organisation); append `?redirect={the form path}` to come back. Null: sign in (409) or reset the password (410) here.',
        ),
    }),
  })
  .describe('An existing account');
export type CheckEmailExisting = z.infer<typeof checkEmailExistingSchema>;

// ------------------------------------------- GET /api/opportunities/{id}/apply/

/** Query of the apply show: the application key (as `key` or `application_key`) and a cache-buster. */
export const applyShowQuerySchema = z
  .object({
    t: z.string().max(40).optional().describe('Timestamp the page adds so no cache answers.'),
    key: z.string().min(1).max(200).optional().describe('The application key.'),
    application_key: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The application key (alternative name).'),
  })
  .refine((query) => query.key !== undefined || query.application_key !== undefined, {
    message: 'The application key is required.',
    path: ['key'],
  });
export type ApplyShowQuery = z.infer<typeof applyShowQuerySchema>;

export const applyShowHeadersSchema = z.looseObject({
  'x-email-address': z
    .string({ error: 'The X-EMAIL-ADDRESS header is required.' })
    .trim()
    .min(1, 'The X-EMAIL-ADDRESS header is required.')
    .max(254)
    .describe('Email address of the applicant the key was issued to.'),
});

const savedAddressSchema = z.object({
  company_name: z.string().nullable(),
  street: z.string(),
  street_second: z.string().nullable(),
  street_third: z.string().nullable(),
  city: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
  from_date: z.string().nullable().describe('YYYY-MM-DD'),
});

const attachmentRefSchema = z.object({
  id: z.string().describe('File id.'),
  url: z.string().describe('Where the file is read from.'),
  original_name: z.string(),
  file_size: z.number().int(),
  type: z.string(),
});

/** A saved application as the form prefills from it (applicant-flow §3.1 names). */
export const savedApplicationSchema = z.object({
  application_id: z.number().int(),
  application_key: z.string(),
  status: z.string().describe('`pending` until completed.'),
  opportunity_id: z.number().int(),
  user_id: z.number().int(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullable().describe('YYYY-MM-DD'),
  contact_number: z.string().nullable().describe('E.164'),
  contact_number_country_code: z.string().nullable().describe('Two-letter region of the number.'),
  parents_first_name: z.string().nullable(),
  parents_last_name: z.string().nullable(),
  parents_email: z.string().nullable(),
  addresses: z.array(savedAddressSchema),
  why: z.string().nullable(),
  motivation: z.number().int().nullable().describe('Chosen motivation id.'),
  special_requirements_bool: z.enum(['yes', 'no']).nullable(),
  special_requirements: z.string().nullable(),
  right_to_volunteer: z.enum(['yes', 'no', 'unsure']).nullable(),
  references: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
      phone_number_country_code: z.string().nullable(),
      disabled: z.boolean().describe('A request was already sent: the referee cannot be changed.'),
    }),
  ),
  documents: z
    .array(z.object({ documentId: z.number().int(), file: attachmentRefSchema }))
    .describe('Documents already supplied with this application.'),
  questions: z
    .record(z.string(), z.unknown())
    .describe('Answers by question slug; file types as attachment lists.'),
  additional_consent: z.array(z.boolean()).describe('In the order of the form’s additional consents.'),
  timeslot_ids: z.array(z.number().int()),
});
export type SavedApplication = z.infer<typeof savedApplicationSchema>;

export const applyShowResponseSchema = z.object({ data: savedApplicationSchema });
export type ApplyShowResponse = z.infer<typeof applyShowResponseSchema>;

// ------------------------------------------ POST /api/opportunities/{id}/apply/

/** 201: the application was written. */
export const applySubmitResponseSchema = z.object({
  data: z.object({
    token: z
      .string()
      .nullable()
      .describe(
        'Single-use login-link token (5 minutes) for the Finish link `/api/login/token/{token}?redirect=/portal`; null when nobody was signed in or created with a login.',
      ),
    application_id: z.number().int(),
  }),
});
export type ApplySubmitResponse = z.infer<typeof applySubmitResponseSchema>;

/** 200 of a `validateOnly` dry run: nothing was written. */
export const applyValidateResponseSchema = z.object({ data: z.object({ valid: z.literal(true) }) });
export type ApplyValidateResponse = z.infer<typeof applyValidateResponseSchema>;

/** 409 "previously applied": links to the earlier application when there is one. */
export const previouslyAppliedSchema = errorResponseSchema.extend({
  application_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'The earlier application (for /portal/applicant/dashboard/{id}); null when a current role blocks.',
    ),
});

/**
 * 422 of the submit: field errors by dotted path; when the stay's dates share a night with one of
 * the applicant's own bookings, that booking too (applicant-flow §2.11).
 */
export const applyValidationErrorSchema = errorResponseSchema.extend({
  existing_booking: residentialBookingSummarySchema
    .optional()
    .describe(
      'With `You have an existing booking for the selected dates` at booking.start_date: the booking in the way, with its team.',
    ),
});

/**
 * The submit's JSON body as documented; the real check is {@link buildApplicationBodySchema},
 * built from the opportunity's steps. Multipart bodies are read by the route itself.
 */
export const applySubmitBodySchema = z
  .record(z.string(), z.unknown())
  .nullish()
  .describe(
    'The fields of applicant-flow §3.1 and §3.2, as multipart/form-data with bracketed names (`addresses[0][street]`, `questions[slug]`, `terms[0]`, `diversity[diversity_v2_questions][3][option]`) or as the same structure in JSON; plus `validateOnly` (1/true: check only), `application_key`, `supervisor_mode`, `has_email`, `user_id`.',
  );

/** The submit's `Idempotency-Key` header: a retry with the same key answers the first result. */
export const applySubmitHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'The Idempotency-Key must be 1 to 200 visible ASCII characters.')
    .optional()
    .describe(
      'Client-chosen key; a retry with the same key and body answers the first result, another body 409.',
    ),
});

// ------------------------------------------ motivations and terms

export const motivationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(999)
    .default(999)
    .describe('Most entries answered (the form asks 999).'),
});

/** `GET /api/motivations/public`: motivations offered on the form (applicant-flow §3.7). */
export const publicMotivationsResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), content: z.string() })),
});
export type PublicMotivationsResponse = z.infer<typeof publicMotivationsResponseSchema>;

/** `GET /api/organisation/terms`: the organisation's terms; the form reads `data.data`. */
export const organisationTermsResponseSchema = z.object({
  data: z.object({
    data: z.array(z.object({ id: z.number().int(), name: z.string(), link: z.string() })),
  }),
});
export type OrganisationTermsResponse = z.infer<typeof organisationTermsResponseSchema>;
