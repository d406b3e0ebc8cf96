// The product's routes that the load bench (bench/load.ts) measures, with the request each one is
// loaded with, the ceiling it is read against and the target ratio (issue 13, point 2).
// Requests that write (a full submit) or that must not repeat (check-email, dry runs of new
// applicants) differ per request through autocannon's setupRequest hook.
import { randomUUID } from 'node:crypto';
import { addDays, format } from 'date-fns';
import type { CeilingKind } from './ceilings.js';

/** What the routes need from the running API: tokens and the demo's ids. */
export type RouteContext = {
  /** A demo administrator's session token (catalogue index, report). */
  adminToken: string;
  /** The demo supervisor's session token (`apply-on-behalf`: full submits for new people). */
  supervisorToken: string;
  motivationId: number;
  consentOptionId: number;
  timeslotId: number;
  residentialTeamId: number;
};

/** One request as autocannon takes it (`requests[]`), with an optional per-request rewrite. */
export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
};

export type LoadRoute = {
  /** Short name of the row. */
  name: string;
  /** What is loaded, as the table shows it. */
  label: string;
  ceiling: CeilingKind;
  /**
   * A ceiling the row is also read against, without a target: the `form` floor (a bare process
   * reading the same multipart body) for the rows that post the application form.
   */
  floor?: CeilingKind;
  /** The target: at least this ratio to the ceiling on PostgreSQL (null: no target). */
  target: number | null;
  expectedStatus: number;
  request: (context: RouteContext) => LoadRequest;
};

/** The demo organisation answers on this host. */
export const HOST = 'localhost';

let sequence = 0;
/** A fresh address per request: the check-email and new-applicant rows never repeat one. */
function nextEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}-${randomUUID().slice(0, 8)}@bench.example`;
}

const BOUNDARY = '----muster-bench-boundary';

/** A multipart/form-data body of text fields, as a browser's FormData sends the application form. */
export function multipartBody(fields: ReadonlyArray<readonly [string, string | number]>): string {
  const parts = fields.map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** The demo's ids that the application form's answers name. */
type FormIds = Pick<RouteContext, 'motivationId' | 'consentOptionId' | 'timeslotId'>;

/** The quick-help answers that do not depend on who applies. */
function quickHelpAnswers(context: FormIds): Array<[string, string | number]> {
  return [
    ['why', 'I would like to help my neighbours.'],
    ['motivation', context.motivationId],
    ['attributes[occupation]', 'Nurse'],
    ['attributes[preferred-contact]', 'email'],
    ['questions[availability-notes]', 'Weekday afternoons'],
    ['questions[heard-about-us]', 'friend'],
    ['timeslot_ids[0]', context.timeslotId],
  ];
}

/**
 * A POST of a new adult applicant's whole quick-help form, checked only, with a new address each
 * request: the dry run's row, and the `form` floor (bench/ceilings.ts) with the very same body.
 */
export function dryRunRequest(path: string, ids: FormIds, emailPrefix: string): LoadRequest {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': multipartType },
    setupRequest: (request) => ({
      ...request,
      body: multipartBody(dryRunFields(ids, nextEmail(emailPrefix))),
    }),
  };
}

/** A new adult applicant's whole quick-help form, checked only (`validateOnly=1`). */
function dryRunFields(context: FormIds, email: string): Array<[string, string | number]> {
  return [
    ['email', email],
    ['email_confirm', email],
    ['first_name', 'Robin'],
    ['last_name', 'Fletcher'],
    ['dob', '1992-04-17'],
    ['contact_number', '07911 123456'],
    ['contact_number_country_code', 'GB'],
    ['special_requirements_bool', 'no'],
    ...quickHelpAnswers(context),
    ['consents[0]', context.consentOptionId],
    ['terms[0]', 1],
    ['new_password', 'Sunshine42'],
    ['new_password_confirm', 'Sunshine42'],
    ['validateOnly', 1],
  ];
}

/**
 * A full quick-help submit by the signed-in supervisor for a new person with an email address
 * (`supervisor_mode`): every request a new person and application, so none is refused as a
 * repeat, and no password is hashed (the person sets theirs later).
 */
function submitFields(context: RouteContext, email: string): Array<[string, string | number]> {
  return [
    ['supervisor_mode', 1],
    ['has_email', 'yes'],
    ['first_name', 'Ana'],
    ['last_name', 'Diaz'],
    ['dob', '1990-01-02'],
    ['email', email],
    ['email_confirm', email],
    ...quickHelpAnswers(context),
  ];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

/** Four weeks of nights from the first Saturday a week ahead (the residential-week changeover day). */
function availabilityWindow(): { start: string; end: string } {
  const inAWeek = addDays(new Date(), 7);
  const start = addDays(inAWeek, (6 - inAWeek.getDay() + 7) % 7);
  return { start: format(start, 'yyyy-MM-dd'), end: format(addDays(start, 28), 'yyyy-MM-dd') };
}

export const LOAD_ROUTES: readonly LoadRoute[] = [
  {
    name: 'application-form',
    label: 'GET /api/opportunities/beach-clean/application-form/',
    ceiling: 'select',
    target: 1.0,
    expectedStatus: 200,
    request: () => ({ method: 'GET', path: '/api/opportunities/beach-clean/application-form/' }),
  },
  {
    name: 'opportunity',
    label: 'GET /api/opportunities/beach-clean',
    ceiling: 'select',
    target: 1.0,
    expectedStatus: 200,
    request: () => ({ method: 'GET', path: '/api/opportunities/beach-clean' }),
  },
  {
    name: 'organisation',
    label: 'GET /api/organisation/detailed/',
    ceiling: 'select',
    target: 1.0,
    expectedStatus: 200,
    request: () => ({ method: 'GET', path: '/api/organisation/detailed/' }),
  },
  {
    name: 'check-email',
    label: 'POST /api/application/check-email (a new address each)',
    ceiling: 'select',
    target: 0.7,
    expectedStatus: 200,
    request: () => ({
      method: 'POST',
      path: '/api/application/check-email',
      headers: json,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: nextEmail('check') }) }),
    }),
  },
  {
    name: 'apply-validate',
    label: 'POST /api/opportunities/quick-help/apply validateOnly (multipart, new applicant)',
    ceiling: 'select',
    floor: 'form',
    target: 0.5,
    expectedStatus: 200,
    request: (context) => dryRunRequest('/api/opportunities/quick-help/apply', context, 'dry-run'),
  },
  {
    name: 'apply-submit',
    label: 'POST /api/opportunities/quick-help/apply full submit (multipart, signed in, Idempotency-Key)',
    ceiling: 'select',
    floor: 'form',
    target: 0.15,
    expectedStatus: 201,
    request: (context) => ({
      method: 'POST',
      path: '/api/opportunities/quick-help/apply',
      setupRequest: (request) => ({
        ...request,
        headers: {
          'content-type': multipartType,
          ...bearer(context.supervisorToken),
          'idempotency-key': randomUUID(),
        },
        body: multipartBody(submitFields(context, nextEmail('submit'))),
      }),
    }),
  },
  {
    name: 'residential-availability',
    label: 'GET /api/residential-availability/team/{id} (four weeks)',
    ceiling: 'select',
    target: 0.7,
    expectedStatus: 200,
    request: (context) => {
      const { start, end } = availabilityWindow();
      return {
        method: 'GET',
        path: `/api/residential-availability/team/${context.residentialTeamId}?willing_to_share=0&start_date=${start}&end_date=${end}`,
      };
    },
  },
  {
    name: 'address-search',
    label: 'GET /api/geocode/retrieve/?q=BS1 4DJ (built-in finder)',
    ceiling: 'select',
    target: 0.5,
    expectedStatus: 200,
    request: () => ({ method: 'GET', path: '/api/geocode/retrieve/?q=BS1%204DJ' }),
  },
  {
    name: 'catalogue-index',
    label: 'GET /api/tasks?per_page=25 (catalogue, administrator)',
    ceiling: 'select',
    target: 0.5,
    expectedStatus: 200,
    request: (context) => ({
      method: 'GET',
      path: '/api/tasks?per_page=25',
      headers: bearer(context.adminToken),
    }),
  },
  {
    name: 'report',
    label: 'GET /api/reports/overview/status (administrator)',
    ceiling: 'select',
    target: null,
    expectedStatus: 200,
    request: (context) => ({
      method: 'GET',
      path: '/api/reports/overview/status',
      headers: bearer(context.adminToken),
    }),
  },
  {
    name: 'sign-in',
    label: 'POST /api/auth/api (password sign-in)',
    ceiling: 'argon2',
    target: 0.9,
    expectedStatus: 200,
    request: () => ({
      method: 'POST',
      path: '/api/auth/api',
      headers: json,
      body: JSON.stringify({ email: 'applicant@example.org', password: 'Volunteer123' }),
    }),
  },
  {
    name: 'health',
    label: 'GET /api/health',
    ceiling: 'hello',
    target: null,
    expectedStatus: 200,
    request: () => ({ method: 'GET', path: '/api/health' }),
  },
];
