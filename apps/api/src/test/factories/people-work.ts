import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  claims,
  dynamicSkills,
  expenses,
  expenseTypes,
  inductionModules,
  skillCategories,
  skills,
  tasks,
  taskStatuses,
  touchpoints,
  touchpointTypes,
  userInductions,
} from '../../db/schema/index.js';

/*
 * Rows of people's work (db/schema/people-work.ts) for tests: each takes the organisation and
 * what the test cares about; everything else gets a plausible unique value.
 */

const suffix = () => randomBytes(3).toString('hex');

type Fields<Table extends { $inferInsert: object }> = Partial<Omit<Table['$inferInsert'], 'organisationId'>>;

/** A task status (open unless `closed`). */
export async function createTaskStatus(db: Executor, organisationId: number, fields: Fields<typeof taskStatuses> = {}) {
  return insertedRow(
    await db.insert(taskStatuses).values({ organisationId, name: `Status ${suffix()}`, ...fields }).returning(),
    'task status',
  );
}

/** A task with a title and nothing else. */
export async function createTask(db: Executor, organisationId: number, fields: Fields<typeof tasks> = {}) {
  return insertedRow(
    await db.insert(tasks).values({ organisationId, title: `Task ${suffix()}`, ...fields }).returning(),
    'task',
  );
}

/** An expense type. */
export async function createExpenseType(db: Executor, organisationId: number, fields: Fields<typeof expenseTypes> = {}) {
  return insertedRow(
    await db.insert(expenseTypes).values({ organisationId, name: `Type ${suffix()}`, ...fields }).returning(),
    'expense type',
  );
}

/** A submitted claim of the user. */
export async function createClaim(
  db: Executor,
  organisationId: number,
  userId: number,
  fields: Omit<Fields<typeof claims>, 'userId'> = {},
) {
  return insertedRow(
    await db.insert(claims).values({ organisationId, userId, title: `Claim ${suffix()}`, ...fields }).returning(),
    'claim',
  );
}

/** A pending expense of the user, of £12.50 spent on 1 March 2026 unless told otherwise. */
export async function createExpense(
  db: Executor,
  organisationId: number,
  userId: number,
  typeId: number,
  fields: Omit<Fields<typeof expenses>, 'userId' | 'typeId'> = {},
) {
  return insertedRow(
    await db
      .insert(expenses)
      .values({ organisationId, userId, typeId, amountPence: 1250, spentOn: '2026-03-01', ...fields })
      .returning(),
    'expense',
  );
}

/** A touchpoint type. */
export async function createTouchpointType(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof touchpointTypes> = {},
) {
  return insertedRow(
    await db.insert(touchpointTypes).values({ organisationId, name: `Type ${suffix()}`, ...fields }).returning(),
    'touchpoint type',
  );
}

/** A touchpoint with the user, on 2 March 2026 unless told otherwise. */
export async function createTouchpoint(
  db: Executor,
  organisationId: number,
  userId: number,
  fields: Omit<Fields<typeof touchpoints>, 'userId'> = {},
) {
  return insertedRow(
    await db
      .insert(touchpoints)
      .values({
        organisationId,
        userId,
        occurredAt: '2026-03-02T10:00:00.000Z',
        summary: `Catch-up ${suffix()}`,
        ...fields,
      })
      .returning(),
    'touchpoint',
  );
}

/** An induction module (neither compulsory nor self-completable unless told). */
export async function createInductionModule(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof inductionModules> = {},
) {
  return insertedRow(
    await db.insert(inductionModules).values({ organisationId, name: `Module ${suffix()}`, ...fields }).returning(),
    'induction module',
  );
}

/** A user's induction in a module, not started unless told. */
export async function createUserInduction(
  db: Executor,
  organisationId: number,
  userId: number,
  moduleId: number,
  fields: Omit<Fields<typeof userInductions>, 'userId' | 'moduleId'> = {},
) {
  return insertedRow(
    await db.insert(userInductions).values({ organisationId, userId, moduleId, ...fields }).returning(),
    'user induction',
  );
}

/** A skill category. */
export async function createSkillCategory(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof skillCategories> = {},
) {
  return insertedRow(
    await db.insert(skillCategories).values({ organisationId, name: `Category ${suffix()}`, ...fields }).returning(),
    'skill category',
  );
}

/** A skill in the category. */
export async function createSkill(
  db: Executor,
  organisationId: number,
  categoryId: number,
  fields: Omit<Fields<typeof skills>, 'categoryId'> = {},
) {
  return insertedRow(
    await db.insert(skills).values({ organisationId, categoryId, name: `Skill ${suffix()}`, ...fields }).returning(),
    'skill',
  );
}

/** An option under the skill (a dynamic skill). */
export async function createDynamicSkill(
  db: Executor,
  organisationId: number,
  skillId: number,
  fields: Omit<Fields<typeof dynamicSkills>, 'skillId'> = {},
) {
  return insertedRow(
    await db.insert(dynamicSkills).values({ organisationId, skillId, name: `Option ${suffix()}`, ...fields }).returning(),
    'dynamic skill',
  );
}
