import { MAX_UPLOAD_BYTES } from '@muster/contract';
import type { LimitRule } from '../../plugins/rate-limit.js';

const MINUTE = 60 * 1000;

/**
 * Requests to `POST /api/files` per client address, counted in an onRequest hook, i.e. before a
 * byte of the body is read: an applicant uploads a handful of documents, a flood is refused early.
 */
export const uploadAddressRule: LimitRule = { name: 'files-upload:address', max: 60, timeWindowMs: MINUTE };

/** Room for the multipart framing (boundaries, part headers) around the one file of an upload. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Largest `POST /api/files` request body (`Content-Length`): one file of at most 10 MB, plus framing. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

/**
 * How many ephemeral (not yet attached) files, and how many bytes of them, may be uploaded within
 * 24 hours: per client (the signed-in user, or else the client address) and per organisation.
 * Attached files no longer count; the purge deletes the rest after 24 hours.
 */
export const EPHEMERAL_QUOTAS = {
  client: { files: 50, bytes: 200 * 1024 * 1024 },
  organisation: { files: 2000, bytes: 5 * 1024 * 1024 * 1024 },
} as const;

/** The 429 sentences of the ephemeral upload quotas. */
export const quotaMessages = {
  client:
    'You have uploaded too many files in the last 24 hours. Please attach the files you have already uploaded, or try again later.',
  organisation:
    'This organisation has received too many uploads in the last 24 hours. Please try again later.',
} as const;

/** Largest image accepted, in pixels (all frames of an animation together): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
