import { z } from 'zod';

export { API_BASE_PATH, API_MEDIA_TYPE, API_VERSION } from './api-media.js';

/** The one error shape of the API: a sentence plus field errors keyed by dotted path. */
export const errorResponseSchema = z
  .object({
    message: z.string().describe('A human sentence saying what went wrong.'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Field errors keyed by dotted path, e.g. `addresses.0.street` or `questions.{slug}`.'),
    request_id: z.string().optional().describe('Correlates a server error with its log line.'),
    code: z
      .string()
      .optional()
      .describe('A reason for programs, when the sentence is not enough, e.g. `two_factor_enrolment_required`.'),
  })
  .describe('Error');
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Wraps a payload the way list and show answers are wrapped: `{data: ...}`. */
export const dataEnvelope = <T extends z.ZodType>(inner: T) => z.object({ data: inner });
