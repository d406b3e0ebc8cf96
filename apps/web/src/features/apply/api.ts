import {
  USER_INCLUDES,
  type ApplicationFormResponse,
  type ApplyShowResponse,
  type ApplySubmitResponse,
  type CheckEmailResponse,
  type FormSection,
  type Opportunity,
  type Organisation,
  type PublicMotivationsResponse,
  type SavedApplication,
  type SignInResponse,
  type TwoFactorResponse,
  type User,
  organisationSettingsRoutes,
} from '@muster/contract';
import {
  checkEmail as postCheckEmail,
  fetchPublicMotivations as getPublicMotivations,
} from '../../lib/api/calls/apply';
import { requestPasswordReset as postPasswordEmail } from '../../lib/api/calls/auth';
import { fetchOpportunity as getOpportunity } from '../../lib/api/calls/opportunities';
import { fetchUser } from '../../lib/api/calls/users';
import { areaApiFor } from '../../lib/api/catalogue-api';
import type { ApiClient } from '../../lib/api/client';
import { apiClient, tokenStore } from '../../lib/api/default-client';
import { signIn, submitTwoFactorCode } from '../../lib/auth/auth-api';

export type { FormSection, Opportunity, Organisation };

/** The catalogue area the form calls (opportunities, organisation): not the whole catalogue. */
const opportunityApi = (client: ApiClient) => areaApiFor(client, organisationSettingsRoutes);

/** `GET opportunities/{id}`. */
export async function fetchOpportunity(
  opportunityId: string,
  client: ApiClient = apiClient,
): Promise<Opportunity> {
  const answer = (await getOpportunity(opportunityId, undefined, client)) as { data: Opportunity };
  return answer.data;
}

/** `GET opportunities/{id}/application-form/`: the steps, in order. */
export async function fetchApplicationForm(
  opportunityId: string,
  client: ApiClient = apiClient,
): Promise<FormSection[]> {
  const answer: ApplicationFormResponse = await opportunityApi(client).opportunities.applicationForm.index({
    opportunityId,
  });
  return [...answer.data].sort((a, b) => a.position - b.position);
}

/** `GET organisation/detailed/`: minor age, single sign-on provider, currency. */
export async function fetchOrganisation(client: ApiClient = apiClient): Promise<Organisation> {
  const answer = await opportunityApi(client).organisation.detailed.index();
  return answer.data;
}

/** `POST opportunities/log-apply-action`: the visitor came from an "apply" link. */
export async function logApplyAction(slug: string, client: ApiClient = apiClient): Promise<void> {
  await opportunityApi(client).opportunities.logApplyAction.post({ slug });
}

export type Motivation = PublicMotivationsResponse['data'][number];

/** `GET motivations/public?limit=999` (applicant-flow §9). */
export async function fetchPublicMotivations(client: ApiClient = apiClient): Promise<Motivation[]> {
  const answer = await getPublicMotivations(client);
  return answer.data;
}

/**
 * `POST application/check-email {email}`: 200 for a new address; 409 (an account with a
 * password) and 410 (an account without one) come back as ApiError, like 429 with Retry-After.
 */
export async function checkEmail(
  email: string,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<CheckEmailResponse> {
  return postCheckEmail(email, signal, client);
}

/** `POST /password/email {email, intended}` at the site root: emails a reset link. */
export async function requestPasswordReset(email: string, intended: string): Promise<string> {
  return postPasswordEmail(email, intended);
}

/** Sign-in inside the form: the shared call of lib/auth, returning whether a second factor is due. */
export function signInApplicant(input: {
  email: string;
  password: string;
  intended: string;
}): Promise<SignInResponse> {
  return signIn(apiClient, tokenStore, input);
}

/** Second factor inside the form: the 6-digit code against the interim token. */
export function submitApplicantCode(input: { token: string; code: string }): Promise<TwoFactorResponse> {
  return submitTwoFactorCode(apiClient, tokenStore, { token: input.token, key: input.code, trust: false });
}

/** The signed-in applicant's profile (applicant-flow §3.6). */
export type ApplicantProfile = User;

/** The includes the form needs from the profile (applicant-flow §7). */
export const PROFILE_INCLUDES = USER_INCLUDES.filter((name) => name !== 'roles').join(',');

/** `GET users/{id}?include=…`: the signed-in applicant, to prefill and lock the details. */
export async function fetchProfile(userId: number, client: ApiClient = apiClient): Promise<ApplicantProfile> {
  const answer = await fetchUser(userId, { include: PROFILE_INCLUDES }, undefined, client);
  return answer.data;
}

/** The application an application key opens (prefill of a started application). */
export type KeyedApplication = SavedApplication;

/**
 * `GET opportunities/{id}/apply/?t=…` with `X-EMAIL-ADDRESS`: the application a key opens.
 * 403 means the address does not match, 404 that it has been completed already.
 */
export async function fetchKeyedApplication(
  opportunityId: string,
  applicationKey: string,
  email: string,
  client: ApiClient = apiClient,
): Promise<KeyedApplication> {
  const answer: ApplyShowResponse = await opportunityApi(client).opportunities.apply.index(
    { opportunityId },
    { t: Date.now(), key: applicationKey },
    { headers: { 'X-EMAIL-ADDRESS': email } },
  );
  return answer.data;
}

/** A completed submit: the login-link token for the Finish link, and the application. */
export type SubmitAnswer = ApplySubmitResponse['data'];

/**
 * `POST opportunities/{id}/apply/` as multipart. With `validateOnly` it is the dry run of a step
 * (200 or 422); otherwise the full submit (201 with `{data: {token, application_id}}`, 409 when
 * already applied). `idempotencyKey` makes a repeated submit return the first result.
 */
export async function postApplication(
  opportunityId: string,
  body: FormData,
  options: { validateOnly: boolean; idempotencyKey?: string },
  client: ApiClient = apiClient,
): Promise<SubmitAnswer | null> {
  if (options.validateOnly) {
    body.set('validateOnly', '1');
  }
  const answer: ApplySubmitResponse | undefined = await opportunityApi(client).opportunities.apply.store(
    { opportunityId },
    body,
    {
      headers:
        options.idempotencyKey && !options.validateOnly ? { 'Idempotency-Key': options.idempotencyKey } : {},
    },
  );
  if (options.validateOnly || !answer) {
    return null;
  }
  return answer.data;
}
