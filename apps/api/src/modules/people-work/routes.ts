import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimSchema,
  claimUpdateBodySchema,
  dataEnvelope,
  effectiveExpenseAuthoriserSchema,
  errorResponseSchema,
  expenseAttachmentSchema,
  expenseAuthoriserBodySchema,
  expenseAuthoriserSchema,
  expenseBodySchema,
  expenseSchema,
  inductionSelfCompleteBodySchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  parseRowId,
  peopleWorkMessages,
  peopleWorkAttachmentStoreBodySchema,
  resourcePermissions,
  taskAssigneeBodySchema,
  taskAssigneeSchema,
  taskAssigneeUpdateBodySchema,
  taskAttachmentSchema,
  taskBodySchema,
  taskHistoryBodySchema,
  taskHistorySchema,
  taskSchema,
  taskUpdateBodySchema,
  touchpointAttachmentSchema,
  userInductionAttachmentSchema,
  userInductionBodySchema,
  userInductionSchema,
  userSkillBioBodySchema,
  userSkillBioSchema,
  userSkillBodySchema,
  userSkillSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import type { AttachmentTarget } from './repository.js';
import {
  addAssignee,
  addComment,
  attachFile,
  changeAssignee,
  changeExpense,
  changeComment,
  changeTask,
  changeUserInduction,
  changeUserSkill,
  createTask,
  decideClaim,
  listAuthorisers,
  listBio,
  nameAuthoriser,
  removeAssignee,
  removeComment,
  removeExpense,
  renameAuthoriser,
  selfCompleteInduction,
  storeBio,
  storeExpense,
  storeUserInduction,
  storeUserSkill,
  type Scope,
} from './service.js';

const TASKS = resourcePermissions('tasks');
const CLAIMS = resourcePermissions('claims');
const USERS = resourcePermissions('users');

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** Path parameters, each a row id (anything else is a 404 from the handler). */
function params<const Name extends string>(...names: Name[]) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, z.string().describe(`The ${name} of the route.`)])) as Record<
      Name,
      z.ZodString
    >,
  );
}

/** A path id as a row id; 404 naming what was looked for when it cannot be one. */
function rowId(raw: string, label: string): number {
  const id = parseRowId(raw);
  if (id === null) {
    throw new HttpError(404, `The ${label} was not found.`);
  }
  return id;
}

function scopeOf(request: FastifyRequest): Scope {
  return { organisationId: organisationOf(request).id, actorId: viewerOf(request).userId };
}

/**
 * The hand-written calls of people's work (platform-foundation §7 "Tasks", "Per-user resources",
 * docs/catalogue.md "People's work"): task writes that keep the task's history, attaching files,
 * deciding a claim, a person's skill bio, their expense authorisers, and completing an induction
 * oneself. Registered before the catalogue module, which then leaves these methods and paths alone.
 */
export async function registerPeopleWorkModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = (permission: string) => [app.requirePermission(permission), rethrowValidation];

  /**
   * The person named by `{userId}` themself, or a holder of `permission` (401 signed out, 403
   * otherwise, logged by the auth plugin), before any 422.
   */
  const ownOr = (permission: string): preHandlerAsyncHookHandler[] => {
    const needPermission = app.requirePermission(permission);
    const check: preHandlerAsyncHookHandler = async function (request, reply) {
      const { userId } = request.params as { userId?: string };
      if (request.session && String(request.session.userId) === userId) {
        return;
      }
      await needPermission.call(this, request, reply);
    };
    return [check, rethrowValidation];
  };

  // ——— Tasks ———

  api.post(
    '/tasks',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Create a task by the caller; its history starts with `created` (tasks)',
        body: taskBodySchema,
        response: { 201: dataEnvelope(taskSchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createTask(app.db, scopeOf(request), request.body) }),
  );

  api.put(
    '/tasks/:id',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Change a task; each changed field is written to its history (tasks)',
        params: params('id'),
        body: taskUpdateBodySchema,
        response: { 200: dataEnvelope(taskSchema), ...errors },
      },
    },
    async (request) => ({
      data: await changeTask(app.db, scopeOf(request), rowId(request.params.id, 'task'), request.body),
    }),
  );

  api.post(
    '/tasks/:taskId/assignees',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Give the task to someone, once; written to its history (tasks.assignees)',
        params: params('taskId'),
        body: taskAssigneeBodySchema,
        response: { 201: dataEnvelope(taskAssigneeSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addAssignee(app.db, scopeOf(request), rowId(request.params.taskId, 'task'), request.body),
      }),
  );

  api.put(
    '/tasks/:taskId/assignees/:id',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'An assignee steps off the task (left_at, reason) or back on; written to its history',
        params: params('taskId', 'id'),
        body: taskAssigneeUpdateBodySchema,
        response: { 200: dataEnvelope(taskAssigneeSchema), ...errors },
      },
    },
    async (request) => ({
      data: await changeAssignee(
        app.db,
        scopeOf(request),
        rowId(request.params.taskId, 'task'),
        rowId(request.params.id, 'assignee'),
        request.body,
      ),
    }),
  );

  api.delete(
    '/tasks/:taskId/assignees/:id',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Take the task from someone; written to its history (tasks.assignees)',
        params: params('taskId', 'id'),
        response: { 204: z.null().describe('Removed.'), ...errors },
      },
    },
    async (request, reply) => {
      await removeAssignee(
        app.db,
        scopeOf(request),
        rowId(request.params.taskId, 'task'),
        rowId(request.params.id, 'assignee'),
      );
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/tasks/:taskId/history',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Comment on the task (a `comment` history entry by the caller) (tasks.history)',
        params: params('taskId'),
        body: taskHistoryBodySchema,
        response: { 201: dataEnvelope(taskHistorySchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addComment(app.db, scopeOf(request), rowId(request.params.taskId, 'task'), request.body),
      }),
  );

  api.put(
    '/tasks/:taskId/history/:id',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Edit one’s own comment; recorded changes cannot be edited (409) (tasks.history)',
        params: params('taskId', 'id'),
        body: taskHistoryBodySchema.partial(),
        response: { 200: dataEnvelope(taskHistorySchema), ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await changeComment(
        app.db,
        scopeOf(request),
        rowId(request.params.taskId, 'task'),
        rowId(request.params.id, 'history entry'),
        request.body,
      ),
    }),
  );

  api.delete(
    '/tasks/:taskId/history/:id',
    {
      attachValidation: true,
      preHandler: guarded(TASKS.manage),
      schema: {
        tags: ['catalogue', 'tasks'],
        summary: 'Delete one’s own comment; recorded changes cannot be deleted (409) (tasks.history)',
        params: params('taskId', 'id'),
        response: { 204: z.null().describe('Deleted.'), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await removeComment(
        app.db,
        scopeOf(request),
        rowId(request.params.taskId, 'task'),
        rowId(request.params.id, 'history entry'),
      );
      return reply.status(204).send(null);
    },
  );

  // ——— Attachments ———

  const attachRoute = (
    url: string,
    names: string[],
    preHandler: preHandlerAsyncHookHandler[],
    row: z.ZodObject,
    entry: string,
    target: (ids: Record<string, string>) => AttachmentTarget,
  ) =>
    api.post(
      url,
      {
        attachValidation: true,
        preHandler,
        schema: {
          tags: ['catalogue', entry.split('.')[0] ?? entry],
          summary: `Attach a file the caller uploaded (${entry})`,
          params: params(...names),
          body: peopleWorkAttachmentStoreBodySchema,
          response: { 201: dataEnvelope(row), ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await attachFile(
            app.db,
            scopeOf(request),
            target(request.params as Record<string, string>),
            request.body,
          ),
        }),
    );

  attachRoute('/tasks/:taskId/attachments', ['taskId'], guarded(TASKS.manage), taskAttachmentSchema, 'tasks.attachments', (ids) => ({
    kind: 'task',
    taskId: rowId(ids.taskId ?? '', 'task'),
  }));
  attachRoute(
    '/users/:userId/expenses/:expenseId/attachments',
    ['userId', 'expenseId'],
    // Claimants attach their own receipts.
    ownOr(USERS.manage),
    expenseAttachmentSchema,
    'users.expenses.attachments',
    (ids) => ({
      kind: 'expense',
      userId: rowId(ids.userId ?? '', 'user'),
      expenseId: rowId(ids.expenseId ?? '', 'expense'),
    }),
  );
  attachRoute(
    '/users/:userId/touchpoints/:touchpointId/attachments',
    ['userId', 'touchpointId'],
    guarded(USERS.manage),
    touchpointAttachmentSchema,
    'users.touchpoints.attachments',
    (ids) => ({
      kind: 'touchpoint',
      userId: rowId(ids.userId ?? '', 'user'),
      touchpointId: rowId(ids.touchpointId ?? '', 'touchpoint'),
    }),
  );
  attachRoute(
    '/users/:userId/inductions/:inductionId/attachments',
    ['userId', 'inductionId'],
    guarded(USERS.manage),
    userInductionAttachmentSchema,
    'users.inductions.attachments',
    (ids) => ({
      kind: 'induction',
      userId: rowId(ids.userId ?? '', 'user'),
      inductionId: rowId(ids.inductionId ?? '', 'induction'),
    }),
  );

  // ——— Expenses ———

  api.post(
    '/users/:userId/expenses',
    {
      attachValidation: true,
      // The person records their own expenses.
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Record an expense of the person, pending, in one of their waiting claims or none (users.expenses)',
        params: params('userId'),
        body: expenseBodySchema,
        response: { 201: dataEnvelope(expenseSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeExpense(app.db, scopeOf(request), rowId(request.params.userId, 'user'), request.body),
      }),
  );

  api.put(
    '/users/:userId/expenses/:id',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Change an expense until its claim is approved or paid (409 after) (users.expenses)',
        params: params('userId', 'id'),
        body: expenseBodySchema.partial(),
        response: { 200: dataEnvelope(expenseSchema), ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await changeExpense(
        app.db,
        scopeOf(request),
        rowId(request.params.userId, 'user'),
        rowId(request.params.id, 'expense'),
        request.body,
      ),
    }),
  );

  api.delete(
    '/users/:userId/expenses/:id',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Delete an expense until its claim is approved or paid (409 after) (users.expenses)',
        params: params('userId', 'id'),
        response: { 204: z.null().describe('Deleted.'), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await removeExpense(
        app.db,
        scopeOf(request),
        rowId(request.params.userId, 'user'),
        rowId(request.params.id, 'expense'),
      );
      return reply.status(204).send(null);
    },
  );

  // ——— Claims ———

  api.put(
    '/claims/:id',
    {
      attachValidation: true,
      preHandler: guarded(CLAIMS.manage),
      schema: {
        tags: ['catalogue', 'claims'],
        summary: 'Change or decide a claim (approve, reject, mark paid); the decision carries to its expenses',
        params: params('id'),
        body: claimUpdateBodySchema,
        response: { 200: dataEnvelope(claimSchema), ...errors },
      },
    },
    async (request) => ({
      data: await decideClaim(app.db, scopeOf(request), rowId(request.params.id, 'claim'), request.body),
    }),
  );

  // ——— Skills held ———

  api.post(
    '/users/:userId/skills',
    {
      attachValidation: true,
      // People keep their own skills up to date.
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Record a skill (or one option of it) the person holds, once (users.skills)',
        params: params('userId'),
        body: userSkillBodySchema,
        response: { 201: dataEnvelope(userSkillSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeUserSkill(app.db, scopeOf(request), rowId(request.params.userId, 'user'), request.body),
      }),
  );

  api.put(
    '/users/:userId/skills/:id',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Change a skill the person holds (users.skills)',
        params: params('userId', 'id'),
        body: userSkillBodySchema.partial(),
        response: { 200: dataEnvelope(userSkillSchema), ...errors },
      },
    },
    async (request) => ({
      data: await changeUserSkill(
        app.db,
        scopeOf(request),
        rowId(request.params.userId, 'user'),
        rowId(request.params.id, 'skill'),
        request.body,
      ),
    }),
  );

  // ——— Skill bios ———

  api.get(
    '/users/:userId/skills/:categoryId/bio',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.view),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'The person’s bio in the skill category, as a list of none or one (users.skills.bio)',
        params: params('userId', 'categoryId'),
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(userSkillBioSchema), ...errors },
      },
    },
    async (request) =>
      listBio(
        app.db,
        organisationOf(request).id,
        rowId(request.params.userId, 'user'),
        rowId(request.params.categoryId, 'skill category'),
        { page: request.query.page, perPage: request.query.per_page },
      ),
  );

  api.post(
    '/users/:userId/skills/:categoryId/bio',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Write the person’s bio in the skill category; replaces the one there is (200) (users.skills.bio)',
        params: params('userId', 'categoryId'),
        body: userSkillBioBodySchema,
        response: { 200: dataEnvelope(userSkillBioSchema), 201: dataEnvelope(userSkillBioSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { bio, created } = await storeBio(
        app.db,
        organisationOf(request).id,
        rowId(request.params.userId, 'user'),
        rowId(request.params.categoryId, 'skill category'),
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data: bio });
    },
  );

  // ——— Expense authorisers ———

  api.get(
    '/users/:userId/expenses/authorisers',
    {
      attachValidation: true,
      preHandler: ownOr(USERS.view),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Who may authorise the person’s expenses: their named authorisers, else manage-claims holders',
        params: params('userId'),
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(effectiveExpenseAuthoriserSchema), ...errors },
      },
    },
    async (request) =>
      listAuthorisers(app.db, organisationOf(request).id, rowId(request.params.userId, 'user'), {
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  api.post(
    '/users/:userId/expenses/authorisers',
    {
      attachValidation: true,
      preHandler: guarded(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Name someone holding manage-claims to authorise the person’s expenses (users.expenses.authorisers)',
        params: params('userId'),
        body: expenseAuthoriserBodySchema,
        response: { 201: dataEnvelope(expenseAuthoriserSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await nameAuthoriser(app.db, scopeOf(request), rowId(request.params.userId, 'user'), request.body),
      }),
  );

  api.put(
    '/users/:userId/expenses/authorisers/:id',
    {
      attachValidation: true,
      preHandler: guarded(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Name someone else in place of a named authoriser (users.expenses.authorisers)',
        params: params('userId', 'id'),
        body: expenseAuthoriserBodySchema.partial(),
        response: { 200: dataEnvelope(expenseAuthoriserSchema), ...errors },
      },
    },
    async (request) => ({
      data: await renameAuthoriser(
        app.db,
        scopeOf(request),
        rowId(request.params.userId, 'user'),
        rowId(request.params.id, 'authoriser'),
        request.body,
      ),
    }),
  );

  // ——— Inductions ———

  const inductionScope = (request: FastifyRequest) => ({
    ...scopeOf(request),
    timezone: organisationOf(request).timezone,
  });

  api.post(
    '/users/:userId/inductions',
    {
      attachValidation: true,
      preHandler: guarded(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Record a person’s induction in a module, once; completed ones are stamped by the caller',
        params: params('userId'),
        body: userInductionBodySchema,
        response: { 201: dataEnvelope(userInductionSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeUserInduction(app.db, inductionScope(request), rowId(request.params.userId, 'user'), request.body),
      }),
  );

  api.put(
    '/users/:userId/inductions/:id',
    {
      attachValidation: true,
      preHandler: guarded(USERS.manage),
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Change a person’s induction; completing it stamps who and when (users.inductions)',
        params: params('userId', 'id'),
        body: userInductionBodySchema.partial(),
        response: { 200: dataEnvelope(userInductionSchema), ...errors },
      },
    },
    async (request) => ({
      data: await changeUserInduction(
        app.db,
        inductionScope(request),
        rowId(request.params.userId, 'user'),
        rowId(request.params.id, 'induction'),
        request.body,
      ),
    }),
  );

  /** Only the signed-in person completes their own inductions: 403 before any 422. */
  const ownInductionsOnly: preHandlerAsyncHookHandler = async (request) => {
    const { authUserId } = request.params as { authUserId?: string };
    if (request.session && String(request.session.userId) !== authUserId) {
      throw new HttpError(403, peopleWorkMessages.selfCompleteOthers);
    }
  };

  api.put(
    '/users/:authUserId/inductions/self-complete/:id',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, ownInductionsOnly, rethrowValidation],
      schema: {
        tags: ['catalogue', 'per-user'],
        summary: 'Mark a self-completable induction module done for oneself (`{id}`: the module)',
        params: params('authUserId', 'id'),
        body: inductionSelfCompleteBodySchema,
        response: { 200: dataEnvelope(userInductionSchema), ...errors },
      },
    },
    async (request) => {
      return {
        data: await selfCompleteInduction(
          app.db,
          inductionScope(request),
          parseRowId(request.params.authUserId) ?? 0,
          rowId(request.params.id, 'induction module'),
          request.body,
        ),
      };
    },
  );
}
