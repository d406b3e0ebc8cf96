import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  paginatedResponseSchema,
  peopleWorkMessages,
  taskAssigneeSchema,
  taskHistorySchema,
  taskSchema,
  taskStatusSchema,
} from '@muster/contract';
import { files, taskHistory } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createStoredFile } from '../../test/factories/files.js';
import { createTask, createTaskStatus } from '../../test/factories/people-work.js';
import { createUser } from '../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * Tasks (platform-foundation §7 "Tasks"): the generic module lists, shows and deletes them; the
 * people-work module writes them, their assignees and comments, and records the task's history.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let manager: Caller;
let viewer: Caller;
let nobody: Caller;
let otherManager: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  manager = await a.person(['manage-tasks', 'view-tasks']);
  viewer = await a.person(['view-tasks']);
  nobody = await a.person([]);
  otherManager = await b.person(['manage-tasks', 'view-tasks']);
});
afterAll(() => ctx?.close());

const call = (caller: { headers: Record<string, string> } | { host: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, method, url, payload);

const taskEnvelope = dataEnvelope(taskSchema);

async function historyOf(taskId: number) {
  return ctx.db.select().from(taskHistory).where(eq(taskHistory.taskId, taskId)).orderBy(asc(taskHistory.id));
}

describe('tasks', () => {
  it('round-trips a task: created by the caller, read through the generic routes, changed with history, deleted', async () => {
    const open = await createTaskStatus(ctx.db, a.id, { name: 'To do' });
    const done = await createTaskStatus(ctx.db, a.id, { name: 'Done', closed: true });

    const created = await call(manager, 'POST', '/api/tasks', {
      title: '  Repaint the hut  ',
      due_date: '2026-06-01',
      status_id: open.id,
    });
    expect(created.statusCode).toBe(201);
    const task = taskEnvelope.parse(created.json()).data;
    expect(task).toMatchObject({
      title: 'Repaint the hut',
      due_date: '2026-06-01',
      status_id: open.id,
      created_by: manager.id,
      completed_at: null,
    });

    const listed = await call(viewer, 'GET', '/api/tasks');
    expect(listed.statusCode).toBe(200);
    expect(paginatedResponseSchema(taskSchema).parse(listed.json()).data.map((row) => row.id)).toContain(task.id);
    const shown = await call(viewer, 'GET', `/api/tasks/${task.id}`);
    expect(taskEnvelope.parse(shown.json()).data).toEqual(task);

    const changed = await call(manager, 'PUT', `/api/tasks/${task.id}`, {
      title: 'Repaint the scout hut',
      status_id: done.id,
      due_date: '2026-06-01',
    });
    expect(changed.statusCode).toBe(200);
    const completed = taskEnvelope.parse(changed.json()).data;
    expect(completed.status_id).toBe(done.id);
    expect(completed.completed_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/));

    // The unchanged due date wrote nothing; the title and the status one entry each, by name.
    const history = await historyOf(task.id);
    expect(history.map((entry) => [entry.field, entry.oldValue, entry.newValue, entry.userId])).toEqual([
      ['created', null, 'Repaint the hut', manager.id],
      ['title', 'Repaint the hut', 'Repaint the scout hut', manager.id],
      ['status', 'To do', 'Done', manager.id],
    ]);
    const readHistory = await call(viewer, 'GET', `/api/tasks/${task.id}/history`);
    expect(paginatedResponseSchema(taskHistorySchema).parse(readHistory.json()).meta.total).toBe(3);

    // Back to an open status reopens it.
    const reopened = await call(manager, 'PUT', `/api/tasks/${task.id}`, { status_id: open.id });
    expect(taskEnvelope.parse(reopened.json()).data.completed_at).toBeNull();

    expect((await call(manager, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await call(viewer, 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect(await historyOf(task.id)).toEqual([]);
  });

  it('is 401 signed out and 403 without manage-tasks, before any 422', async () => {
    const task = await createTask(ctx.db, a.id);
    expect((await call(a.anonymous, 'POST', '/api/tasks', { title: '' })).statusCode).toBe(401);
    expect((await call(a.anonymous, 'GET', '/api/tasks')).statusCode).toBe(401);
    for (const caller of [viewer, nobody]) {
      expect((await call(caller, 'POST', '/api/tasks', { title: '' })).statusCode).toBe(403);
      expect((await call(caller, 'PUT', `/api/tasks/${task.id}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(caller, 'POST', `/api/tasks/${task.id}/history`, { new_value: 'x' })).statusCode).toBe(403);
    }
    expect((await call(nobody, 'GET', '/api/tasks')).statusCode).toBe(403);
  });

  it('answers 422 with a sentence per field, another organisation’s status included', async () => {
    const theirs = await createTaskStatus(ctx.db, b.id);
    const bad = await call(manager, 'POST', '/api/tasks', { title: ' ', due_date: '1 June', priority_id: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      title: ['Please enter a title.'],
      due_date: ['The due date must be a date written as YYYY-MM-DD.'],
      priority_id: ['The priority must be a task priority of this organisation.'],
    });
    const foreign = await call(manager, 'POST', '/api/tasks', { title: 'Sort donations', status_id: theirs.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      status_id: ['The status must be a task status of this organisation.'],
    });
  });

  it('never shows or changes another organisation’s task (404), and leaves it as it was', async () => {
    const task = await createTask(ctx.db, a.id, { title: 'Ours' });
    expect((await call(otherManager, 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call(otherManager, 'PUT', `/api/tasks/${task.id}`, { title: 'Theirs' })).statusCode).toBe(404);
    expect((await call(otherManager, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call(otherManager, 'GET', `/api/tasks/${task.id}/history`)).statusCode).toBe(404);
    expect((await call(otherManager, 'POST', `/api/tasks/${task.id}/assignees`, { user_id: otherManager.id })).statusCode).toBe(
      404,
    );
    expect(taskEnvelope.parse((await call(viewer, 'GET', `/api/tasks/${task.id}`)).json()).data.title).toBe('Ours');
    expect(await historyOf(task.id)).toEqual([]);
  });

  it('lets any signed-in person read the task statuses; only manage-task-statuses writes them', async () => {
    await createTaskStatus(ctx.db, a.id, { name: 'Waiting', position: 1 });
    const read = await call(nobody, 'GET', '/api/organisation/task-statuses');
    expect(read.statusCode).toBe(200);
    expect(paginatedResponseSchema(taskStatusSchema).parse(read.json()).data.map((status) => status.name)).toContain(
      'Waiting',
    );
    expect((await call(manager, 'POST', '/api/organisation/task-statuses', { name: 'Blocked' })).statusCode).toBe(403);
    const statusManager = await a.person(['manage-task-statuses']);
    const bad = await call(statusManager, 'POST', '/api/organisation/task-statuses', { name: 'Blocked', colour: 'red' });
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      colour: ['The colour must be written as #RRGGBB.'],
    });
    const made = await call(statusManager, 'POST', '/api/organisation/task-statuses', {
      name: 'Blocked',
      colour: '#aa0000',
    });
    expect(made.statusCode).toBe(201);
    expect(dataEnvelope(taskStatusSchema).parse(made.json()).data).toMatchObject({ closed: false, active: true });
  });
});

describe('task assignees', () => {
  it('assigns someone once, records them stepping off with a reason and being taken off, in the history', async () => {
    const task = await createTask(ctx.db, a.id);
    const volunteer = await createUser(ctx.db, a.id, { firstName: 'Vera', lastName: 'Volunteer' });
    const added = await call(manager, 'POST', `/api/tasks/${task.id}/assignees`, { user_id: volunteer.id });
    expect(added.statusCode).toBe(201);
    const assignee = dataEnvelope(taskAssigneeSchema).parse(added.json()).data;
    expect(assignee).toMatchObject({ task_id: task.id, user_id: volunteer.id, left_at: null, created_by: manager.id });

    const twice = await call(manager, 'POST', `/api/tasks/${task.id}/assignees`, { user_id: volunteer.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      user_id: [peopleWorkMessages.alreadyAssigned],
    });
    const stranger = await createUser(ctx.db, b.id);
    const foreign = await call(manager, 'POST', `/api/tasks/${task.id}/assignees`, { user_id: stranger.id });
    expect(foreign.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      user_id: ['The assignee must be a user of this organisation.'],
    });

    const reasonManager = await a.person(['manage-task-leaving-reasons']);
    const reason = await call(reasonManager, 'POST', '/api/organisation/task-leaving-reasons', {
      name: 'No longer available',
    });
    expect(reason.statusCode).toBe(201);
    const reasonId = (reason.json<{ data: { id: number } }>()).data.id;
    const left = await call(manager, 'PUT', `/api/tasks/${task.id}/assignees/${assignee.id}`, {
      left_at: '2026-04-01T09:00:00+01:00',
      leaving_reason_id: reasonId,
    });
    expect(left.statusCode).toBe(200);
    expect(dataEnvelope(taskAssigneeSchema).parse(left.json()).data).toMatchObject({
      left_at: '2026-04-01T08:00:00.000Z',
      leaving_reason_id: reasonId,
    });

    expect((await call(manager, 'DELETE', `/api/tasks/${task.id}/assignees/${assignee.id}`)).statusCode).toBe(204);
    expect((await call(viewer, 'GET', `/api/tasks/${task.id}/assignees/${assignee.id}`)).statusCode).toBe(404);
    expect((await historyOf(task.id)).map((entry) => [entry.field, entry.oldValue, entry.newValue])).toEqual([
      ['assignee_added', null, 'Vera Volunteer'],
      ['assignee_left', 'Vera Volunteer', 'No longer available'],
      ['assignee_removed', 'Vera Volunteer', null],
    ]);
  });
});

describe('task comments', () => {
  it('adds a comment by the caller, who alone may edit or delete it; recorded changes are kept (409)', async () => {
    const task = await createTask(ctx.db, a.id);
    const colleague = await a.person(['manage-tasks']);
    const made = await call(manager, 'POST', `/api/tasks/${task.id}/history`, { new_value: 'Paint is in the shed.' });
    expect(made.statusCode).toBe(201);
    const comment = dataEnvelope(taskHistorySchema).parse(made.json()).data;
    expect(comment).toMatchObject({ field: 'comment', user_id: manager.id, new_value: 'Paint is in the shed.' });

    const othersEdit = await call(colleague, 'PUT', `/api/tasks/${task.id}/history/${comment.id}`, { new_value: 'No' });
    expect(othersEdit.statusCode).toBe(403);
    expect(othersEdit.json()).toEqual({ message: peopleWorkMessages.othersComment });
    const edited = await call(manager, 'PUT', `/api/tasks/${task.id}/history/${comment.id}`, {
      new_value: 'Paint is in the blue shed.',
    });
    expect(dataEnvelope(taskHistorySchema).parse(edited.json()).data.new_value).toBe('Paint is in the blue shed.');
    expect((await call(manager, 'POST', `/api/tasks/${task.id}/history`, { new_value: '' })).statusCode).toBe(422);

    await call(manager, 'PUT', `/api/tasks/${task.id}`, { title: 'Renamed' });
    const [recorded] = (await historyOf(task.id)).filter((entry) => entry.field === 'title');
    const refused = await call(manager, 'DELETE', `/api/tasks/${task.id}/history/${recorded?.id ?? 0}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: peopleWorkMessages.systemHistory });

    expect((await call(manager, 'DELETE', `/api/tasks/${task.id}/history/${comment.id}`)).statusCode).toBe(204);
    expect((await historyOf(task.id)).map((entry) => entry.field)).toEqual(['title']);
  });
});

describe('task attachments', () => {
  it('attaches a file the caller uploaded and keeps it from the purge; another’s upload or a second time is 422', async () => {
    const task = await createTask(ctx.db, a.id);
    const upload = await createStoredFile(ctx.db, a.id, { uploadedByUserId: manager.id, originalName: 'plan.pdf' });
    const attached = await call(manager, 'POST', `/api/tasks/${task.id}/attachments`, { file_id: upload.id });
    expect(attached.statusCode).toBe(201);
    expect(attached.json<{ data: unknown }>().data).toMatchObject({
      task_id: task.id,
      file_id: upload.id,
      name: 'plan.pdf',
      created_by: manager.id,
    });
    const [stored] = await ctx.db.select().from(files).where(and(eq(files.id, upload.id)));
    expect(stored?.ephemeral).toBe(false);

    const again = await call(manager, 'POST', `/api/tasks/${task.id}/attachments`, { file_id: upload.id });
    expect(again.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      file_id: [peopleWorkMessages.fileAlreadyAttached],
    });
    const someoneElses = await createStoredFile(ctx.db, a.id, { uploadedByUserId: viewer.id });
    const refused = await call(manager, 'POST', `/api/tasks/${task.id}/attachments`, { file_id: someoneElses.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      file_id: [peopleWorkMessages.fileNotYours],
    });
    const renamed = await call(
      manager,
      'PUT',
      `/api/tasks/${task.id}/attachments/${attached.json<{ data: { id: number } }>().data.id}`,
      { name: 'Floor plan' },
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ data: { name: string } }>().data.name).toBe('Floor plan');
    expect((await call(viewer, 'POST', `/api/tasks/${task.id}/attachments`, { file_id: upload.id })).statusCode).toBe(403);
  });
});
