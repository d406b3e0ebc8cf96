import { ALL_OPERATIONS, inArea } from './types.js';

/** platform-foundation §7 "Tasks". */
export const tasksRoutes = inArea('tasks', [
  { name: 'tasks', path: '/tasks/', operations: ALL_OPERATIONS },
  { name: 'tasks.assignees', path: '/tasks/{taskId}/assignees/', operations: ALL_OPERATIONS },
  { name: 'tasks.attachments', path: '/tasks/{taskId}/attachments/', operations: ALL_OPERATIONS },
  { name: 'tasks.history', path: '/tasks/{taskId}/history/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.task-leaving-reasons',
    path: '/organisation/task-leaving-reasons/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.task-priorities',
    path: '/organisation/task-priorities/',
    operations: ALL_OPERATIONS,
  },
  { name: 'organisation.task-statuses', path: '/organisation/task-statuses/', operations: ALL_OPERATIONS },
]);
