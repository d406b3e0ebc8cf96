import {
  organisationSettingsRoutes,
  type ReferenceAnsweredResponse,
  type ReferenceForm,
  type ReferenceFormResponse,
} from '@muster/contract';
import { postReference as postAnswers } from '../../lib/api/calls/reference';
import { areaApiFor } from '../../lib/api/catalogue-api';
import type { ApiClient } from '../../lib/api/client';
import { apiClient } from '../../lib/api/default-client';

/** `GET reference/{token}`: whom the reference is for and the questions. 404 unknown link, 410 used or expired. */
export async function fetchReferenceForm(
  token: string,
  client: ApiClient = apiClient,
): Promise<ReferenceForm> {
  const answer: ReferenceFormResponse = await areaApiFor(client, organisationSettingsRoutes).reference.show(
    token,
    undefined,
    {
      auth: false,
    },
  );
  return answer.data;
}

/** `POST reference/{token} {answers}`: gives the reference (answers by question id); the link then works no more. */
export async function postReference(
  token: string,
  answers: Record<string, string>,
  client: ApiClient = apiClient,
): Promise<ReferenceAnsweredResponse['data']> {
  const answer: ReferenceAnsweredResponse = await postAnswers(token, answers, client);
  return answer.data;
}
