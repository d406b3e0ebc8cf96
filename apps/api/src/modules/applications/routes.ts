import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_UPLOAD_BYTES,
  applyShowHeadersSchema,
  applyShowQuerySchema,
  applyShowResponseSchema,
  applySubmitBodySchema,
  applySubmitHeadersSchema,
  applySubmitResponseSchema,
  applyValidateResponseSchema,
  applyValidationErrorSchema,
  checkEmailBodySchema,
  checkEmailExistingSchema,
  checkEmailResponseSchema,
  errorResponseSchema,
  formFlag,
  opportunityParamsSchema,
  previouslyAppliedSchema,
} from '@muster/contract';
import { HttpError, MULTIPART_UNREADABLE } from '../../plugins/errors.js';
import { clientAddressKey, type Limiter } from '../../plugins/rate-limit.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from '../files/file-urls.js';
import { assertUploadLength } from '../files/request-size.js';
import { filesDirectoryOf, viewUrlsOf } from '../files/service.js';
import { ByteBudgetExceededError, spoolToDisk } from '../files/spool.js';
import { FormFieldError, parseBracketedFields, type FieldValue } from './bracket-fields.js';
import { applicationLimitRules } from './limits.js';
import { registerApplicationRecordRoutes } from './records-routes.js';
import { checkEmail, showApplication } from './service.js';
import { createSubmitIds } from './repository.js';
import { submitApplication, type SubmitDeps } from './submit.js';

/**
 * Largest multipart apply request, fields and files together: a few documents sent with the form
 * and every field. Browsers upload documents beforehand (`POST /api/files`).
 */
const MAX_APPLY_REQUEST_BYTES = 3 * MAX_UPLOAD_BYTES + 2 * 1024 * 1024;
const APPLY_TOO_LARGE = 'The form is larger than the 32 MB limit.';

/** Multipart limits of the apply form: the largest form (every step) has a few hundred fields. */
const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 10,
  fields: 2000,
  fieldSize: 64 * 1024,
  parts: 2010,
};
const TOO_MANY_PARTS = 'The form has too many fields or files.';

/**
 * A multipart body declaring at most this many bytes is read whole and parsed in one pass by
 * Node's own FormData parser (undici): every dry run, and every form sent without uploads. Going
 * part by part through streams (@fastify/multipart over busboy) cost a dry run more than the
 * checks did; larger bodies, with documents, still go that way, to disk.
 */
const WHOLE_FORM_BYTES = MULTIPART_LIMITS.fieldSize;

const CHECK_EMAIL_DESCRIPTION = [
  'The existing-user check of the basic-details step. Limited to 10 checks per minute per client address and 5 per minute per email address (429 with an integer Retry-After).',
  '',
  '- 200 `{data: {exists: false}}`: no account holds the address; the form asks for the new-applicant fields.',
  '- 409: an account holds the address and has a password: the applicant signs in here (password, then any second factor).',
  '- 410: an account holds the address but cannot sign in with a password here: none is set (e.g. a supervisor created it); the applicant requests a password reset first.',
  '- 409 and 410 carry `data.redirect` = `/auth/sso/redirect` when the organisation signs in through single sign-on: the page sends the browser there (with `?redirect={the form path}`) instead.',
].join('\n');

/**
 * The application form's own calls (applicant-flow §7): the existing-user check, the saved
 * application behind an application key, and the submit (a validate-only dry run or the real
 * thing). Public: applicants have no account yet; a bearer token, when sent, makes the signed-in
 * user the applicant (or, with `supervisor_mode`, a supervisor applying for someone else).
 */
export async function registerApplicationsModule(app: FastifyInstance): Promise<void> {
  const limit = Object.fromEntries(
    Object.entries(applicationLimitRules).map(([name, rule]) => [name, app.limiter(rule)]),
  ) as Record<keyof typeof applicationLimitRules, Limiter>;
  /**
   * The check-email limits, wherever an answer can tell whether an email has an account (issue 10,
   * finding 5): the check itself always counts; a submit or dry run counts the first time this
   * client names this address.
   */
  const limitEmailLookup = async (
    request: FastifyRequest,
    organisationId: number,
    email: string,
    options: { always: boolean },
  ): Promise<void> => {
    const address = clientAddressKey(request);
    const normalised = `${organisationId}:${email.toLowerCase()}`;
    const first = await limit.emailLookupSeen.firstSeen(request, `${address}:${normalised}`);
    if (options.always || first) {
      await limit.checkEmailAddress.consume(request, address);
      await limit.checkEmailEmail.consume(request, normalised);
    }
  };
  const deps: SubmitDeps = {
    db: app.db,
    auth: app.auth,
    files: { db: app.db, directory: filesDirectoryOf(app.config.dataDir) },
    outbox: app.outbox,
    cache: app.answerCache,
    ids: createSubmitIds(),
  };
  const fileUrls = createFileUrlSigner(app.auth.codeKey);

  // Own scope, so that multipart parsing exists for these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    /**
     * The body as nested fields: multipart parts parsed by their bracketed names, or the JSON
     * object. A body of at most {@link WHOLE_FORM_BYTES} is read whole; in a larger one, files
     * are streamed to disk (never whole in memory) and answered as disk-backed Files, their paths
     * in `spooled`, for the caller to remove once the request is done.
     */
    const readBody = async (request: FastifyRequest, spooled: string[]): Promise<Record<string, unknown>> => {
      if (!request.isMultipart()) {
        const body = request.body;
        return body !== null && typeof body === 'object' && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : {};
      }
      const declared = Number(request.headers['content-length']);
      const entries: Array<[string, FieldValue]> = [];
      const budget = { remaining: MAX_APPLY_REQUEST_BYTES };
      try {
        if (Number.isInteger(declared) && declared <= WHOLE_FORM_BYTES) {
          return parseBracketedFields(await readWholeForm(request));
        }
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const file = await spoolToDisk(part.file, deps.files.directory, budget);
            spooled.push(file.path);
            if (part.file.truncated) {
              throw new scope.multipartErrors.RequestFileTooLargeError();
            }
            // An empty file input arrives as a nameless, empty part.
            if (file.size > 0 || part.filename !== '') {
              const onDisk = await fs.openAsBlob(file.path);
              entries.push([part.fieldname, new File([onDisk], part.filename, { type: part.mimetype })]);
            }
          } else {
            if (part.valueTruncated) {
              throw new FormFieldError(part.fieldname, 'The value is too long.');
            }
            const value = typeof part.value === 'string' ? part.value : String(part.value);
            // Fields count against the request's cap too: each is held in memory.
            budget.remaining -= Buffer.byteLength(value);
            if (budget.remaining < 0) {
              throw new ByteBudgetExceededError();
            }
            entries.push([part.fieldname, value]);
          }
        }
        return parseBracketedFields(entries);
      } catch (error) {
        if (error instanceof FormFieldError) {
          throw new HttpError(422, 'The given data was invalid.', { [error.field]: [error.message] });
        }
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
          throw new HttpError(413, 'A file is larger than the 10 MB limit.');
        }
        if (error instanceof ByteBudgetExceededError) {
          throw new HttpError(413, APPLY_TOO_LARGE);
        }
        if (
          error instanceof scope.multipartErrors.FilesLimitError ||
          error instanceof scope.multipartErrors.FieldsLimitError ||
          error instanceof scope.multipartErrors.PartsLimitError
        ) {
          throw new HttpError(413, TOO_MANY_PARTS);
        }
        throw error;
      }
    };

    routes.post(
      '/application/check-email',
      {
        schema: {
          tags: ['applications'],
          summary: 'Does an account hold this email address? (existing-user check of the application form)',
          description: CHECK_EMAIL_DESCRIPTION,
          body: checkEmailBodySchema,
          response: {
            200: checkEmailResponseSchema,
            404: errorResponseSchema,
            409: checkEmailExistingSchema,
            410: checkEmailExistingSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const organisation = organisationOf(request);
        const email = request.body.email;
        await limitEmailLookup(request, organisation.id, email, { always: true });
        return checkEmail(app.db, organisation, email);
      },
    );

    routes.get(
      '/opportunities/:opportunityId/apply',
      {
        schema: {
          tags: ['applications'],
          summary: 'The saved application behind an application key, for prefilling the form',
          description:
            'Send the key as `key` (or `application_key`) and the applicant’s email in `X-EMAIL-ADDRESS`. 403 `Email address does not match our records.` when the email is not the applicant’s; 404 when the key is unknown or the application is already completed.',
          params: opportunityParamsSchema,
          querystring: applyShowQuerySchema,
          headers: applyShowHeadersSchema,
          response: {
            200: applyShowResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const organisation = organisationOf(request);
        const addressKey = clientAddressKey(request);
        await limit.keyAddress.check(request, addressKey);
        try {
          const data = await showApplication(app.db, {
            organisationId: organisation.id,
            reference: request.params.opportunityId,
            key: request.query.key ?? request.query.application_key ?? '',
            email: request.headers['x-email-address'],
            fileUrlOf: viewUrlsOf(fileUrls, organisation.id),
          });
          void reply.header('cache-control', 'no-store');
          return { data };
        } catch (error) {
          if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) {
            await limit.keyAddress.hit(request, addressKey);
          }
          throw error;
        }
      },
    );

    routes.post(
      '/opportunities/:opportunityId/apply',
      {
        // Before the body is read: every request counts (a dry run too), and an oversized body is never received.
        onRequest: async (request) => {
          await limit.applyAddress.consume(request, clientAddressKey(request));
          assertUploadLength(request, MAX_APPLY_REQUEST_BYTES, () => new HttpError(413, APPLY_TOO_LARGE));
        },
        schema: {
          tags: ['applications'],
          summary: 'Submit the application form (or check it with validateOnly)',
          description: [
            'Multipart (bracketed names, as a browser FormData sends them) or JSON. Validated against the opportunity’s steps (`buildApplicationBodySchema` of @muster/contract); 422 errors are keyed by dotted path.',
            '',
            '- `validateOnly=1`: 200 `{data: {valid: true}}` or 422; nothing is written.',
            '- Otherwise 201 `{data: {token, application_id}}`; `token` is a single-use login-link token for `/api/login/token/{token}?redirect=/portal` when the applicant was created here or is signed in, else null.',
            '- Anonymous: a new applicant (an existing email is 409: sign in first). Bearer token: the signed-in user applies as themselves, details locked. `supervisor_mode=1` with `apply-on-behalf`: for someone else (`has_email` yes/no, or `user_id` of a supervised person).',
            '- 409 `You have previously applied for this opportunity` with `application_id` (null when a current role on the same team and role profile blocks); not for Residential-short opportunities.',
            '- Residential step: the booking is checked against the team’s changeover days, the opportunity’s dates and durations and the team’s availability (422 at `booking.start_date` or `booking.end_date` naming the rule), and against the applicant’s own bookings (422 `You have an existing booking for the selected dates` at `booking.start_date` with `existing_booking`); the submit books the stay, pending, in the same transaction.',
            '- `Idempotency-Key`: a retry with the same key and body answers the first 201 again; the same key with another body is 409.',
            '- Limits: 120 requests per minute per client address (before the body is read) and 30 full submits in 15 minutes; a multipart body of at most 32 MB (fields and files together, judged from Content-Length before reading and counted while reading), with at most 10 files of 10 MB (413).',
          ].join('\n'),
          consumes: ['multipart/form-data', 'application/json'],
          params: opportunityParamsSchema,
          headers: applySubmitHeadersSchema,
          body: applySubmitBodySchema,
          response: {
            200: applyValidateResponseSchema,
            201: applySubmitResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: previouslyAppliedSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            422: applyValidationErrorSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const organisation = organisationOf(request);
        const spooled: string[] = [];
        let result: Awaited<ReturnType<typeof submitApplication>>;
        try {
          const raw = await readBody(request, spooled);
          if (!formFlag(raw.validateOnly)) {
            await limit.submitAddress.consume(request, clientAddressKey(request));
          }
          result = await submitApplication(deps, {
            organisation,
            reference: request.params.opportunityId,
            raw,
            session: request.session,
            host: request.hostname,
            idempotencyKey: request.headers['idempotency-key'] ?? null,
            beforeEmailLookup: (email) =>
              limitEmailLookup(request, organisation.id, email, { always: false }),
          });
        } finally {
          // The files sent with the form were stored (or refused) by now.
          await Promise.all(spooled.map((file) => fs.promises.rm(file, { force: true })));
        }
        if (result.status === 201) {
          // Reference requests were queued with the application; they leave now, not on the next timer.
          void app.outbox.dispatchQueued().catch((error: unknown) => {
            request.log.error({ err: error }, 'sending queued email after an application failed');
          });
        }
        return reply.status(result.status).send(result.body);
      },
    );
  });
  // One application by id (show, change, withdraw): JSON only, outside the multipart scope.
  registerApplicationRecordRoutes(app);
}

/**
 * A small multipart body (its length declared, at most {@link WHOLE_FORM_BYTES}) as its fields
 * and files in order, under the same limits as the streamed path; 400 when it cannot be parsed.
 */
async function readWholeForm(request: FastifyRequest): Promise<Array<[string, FieldValue]>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) {
    chunks.push(chunk as Buffer);
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    throw new HttpError(400, MULTIPART_UNREADABLE);
  }
  const entries: Array<[string, FieldValue]> = [];
  let fields = 0;
  let files = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      fields += 1;
      entries.push([name, value]);
    } else {
      files += 1;
      // An empty file input arrives as a nameless, empty part.
      if (value.size > 0 || value.name !== '') {
        entries.push([name, value]);
      }
    }
    if (fields > MULTIPART_LIMITS.fields || files > MULTIPART_LIMITS.files) {
      throw new HttpError(413, TOO_MANY_PARTS);
    }
  }
  return entries;
}
