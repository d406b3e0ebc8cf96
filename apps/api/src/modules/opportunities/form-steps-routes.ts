import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  formStepBodySchema,
  formStepParamsSchema,
  formStepResponseSchema,
  formStepUpdateBodySchema,
  opportunityParamsSchema,
  resourcePermissions,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { deleteFormStep, showFormStep, storeFormStep, updateFormStep } from './form-steps-service.js';

/** Who shapes application forms: the opportunities family's manage permission (`manage-opportunities`). */
export const MANAGE_OPPORTUNITIES = resourcePermissions('opportunities').manage;

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The catalogue's `opportunities.application-form` store, show, update and delete: an
 * administrator with `manage-opportunities` adds, reads, changes, moves and removes the steps of
 * an opportunity's form, published or not. The public index (`GET …/application-form/`) stays
 * with the opportunities module and serves a changed form at once.
 */
export function registerFormStepRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = {
    attachValidation: true,
    preHandler: [app.requirePermission(MANAGE_OPPORTUNITIES), rethrowValidation],
  };
  const tags = ['opportunities', 'catalogue'];

  api.post(
    '/opportunities/:opportunityId/application-form',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Add a step to an opportunity’s application form (opportunities.application-form store)',
        description:
          'A form holds each step type once (422 at `type`). Item ids must be the organisation’s records (422 at `question_ids.{i}` and so on). The step is placed at `position` (default last).',
        params: opportunityParamsSchema,
        body: formStepBodySchema,
        response: { 201: formStepResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await storeFormStep(
        app.db,
        organisationOf(request).id,
        request.params.opportunityId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );

  api.get(
    '/opportunities/:opportunityId/application-form/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'One step of an opportunity’s application form (opportunities.application-form show)',
        params: formStepParamsSchema,
        response: { 200: formStepResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await showFormStep(
        app.db,
        organisationOf(request).id,
        request.params.opportunityId,
        request.params.id,
      ),
    }),
  );

  api.put(
    '/opportunities/:opportunityId/application-form/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Change a step of an application form (opportunities.application-form update)',
        description:
          'Omitted fields keep their value; a list given replaces the step’s list. `position` moves the step. A statement applicants have answered cannot be removed (422 at `additional_consents`).',
        params: formStepParamsSchema,
        body: formStepUpdateBodySchema,
        response: { 200: formStepResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateFormStep(
        app.db,
        organisationOf(request).id,
        request.params.opportunityId,
        request.params.id,
        request.body,
      ),
    }),
  );

  api.delete(
    '/opportunities/:opportunityId/application-form/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Remove a step from an application form (opportunities.application-form delete)',
        description: 'Later steps move up. 409 when applicants have answered the step’s statements.',
        params: formStepParamsSchema,
        response: { 204: z.null().describe('Deleted.'), ...guardedErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteFormStep(
        app.db,
        organisationOf(request).id,
        request.params.opportunityId,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
}
