import type { Executor } from '../client.js';
import { insertedRow } from '../rows.js';
import {
  claims,
  dynamicSkills,
  expenseRates,
  expenses,
  expenseTypes,
  inductionModules,
  leavingReasons,
  skillCategories,
  skills,
  taskAssignees,
  taskHistory,
  taskLeavingReasons,
  taskPriorities,
  tasks,
  taskStatuses,
  touchpoints,
  touchpointTypes,
  userInductions,
  userSkillBios,
  userSkills,
} from '../schema/index.js';

/** Who of the demo organisation the people's-work demo data is about. */
export type DemoPeopleWorkInput = {
  organisationId: number;
  /** The seed's day (midnight UTC); dates are placed around it. */
  today: Date;
  applicant: { id: number };
  supervisor: { id: number };
  admin: { id: number };
  returning: { id: number };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** `today` plus `days` as YYYY-MM-DD. */
function day(today: Date, days: number): string {
  return new Date(today.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** `today` plus `days`, at `time` (HH:MM, UTC), as ISO 8601. */
function at(today: Date, days: number, time: string): string {
  return `${day(today, days)}T${time}:00.000Z`;
}

/** Inserts named rows of a lookup list in order; answers their ids by name. */
async function lookupIds<Name extends string>(
  insert: (rows: Array<{ name: Name; position: number }>) => Promise<Array<{ id: number; name: string }>>,
  names: readonly Name[],
): Promise<Record<Name, number>> {
  const rows = await insert(names.map((name, position) => ({ name, position })));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<Name, number>;
}

/**
 * People's work of the demo organisation (docs/catalogue.md "People's work"): task statuses and
 * three tasks with assignees and history; skills with options, held by the applicant and the
 * supervisor; expense types, a mileage rate, a submitted claim and an approved one; touchpoints
 * with a follow-up; leaving reasons; induction modules, some completed.
 */
export async function seedDemoPeopleWork(tx: Executor, input: DemoPeopleWorkInput): Promise<void> {
  const { organisationId, today, applicant, supervisor, admin, returning } = input;
  const withOrganisation = <Row extends object>(rows: Row[]) => rows.map((row) => ({ organisationId, ...row }));

  // Tasks.
  const statuses = await lookupIds(
    (rows) =>
      tx
        .insert(taskStatuses)
        .values(withOrganisation(rows.map((row) => ({ ...row, closed: row.name === 'Done' }))))
        .returning(),
    ['To do', 'In progress', 'Waiting', 'Done'] as const,
  );
  const priorities = await lookupIds(
    (rows) => tx.insert(taskPriorities).values(withOrganisation(rows)).returning(),
    ['Urgent', 'High', 'Normal', 'Low'] as const,
  );
  await tx
    .insert(taskLeavingReasons)
    .values(withOrganisation(['No longer available', 'Task not suitable', 'Other'].map((name, position) => ({ name, position }))));
  const task = async (values: Omit<typeof tasks.$inferInsert, 'organisationId' | 'createdBy'>) =>
    insertedRow(await tx.insert(tasks).values({ organisationId, createdBy: admin.id, ...values }).returning(), 'task');
  const uniforms = await task({
    title: 'Sort the donated uniforms',
    description: 'Two boxes arrived at the Community Hub; sort them by size and label the shelves.',
    dueDate: day(today, 7),
    statusId: statuses['In progress'],
    priorityId: priorities.High,
  });
  const calls = await task({
    title: 'Call the people who signed up at the open day',
    dueDate: day(today, 3),
    statusId: statuses['To do'],
    priorityId: priorities.Urgent,
  });
  const vests = await task({
    title: 'Order high-visibility vests for the beach clean',
    dueDate: day(today, -5),
    statusId: statuses.Done,
    priorityId: priorities.Normal,
    completedAt: at(today, -6, '15:20'),
  });
  await tx.insert(taskAssignees).values([
    { organisationId, taskId: uniforms.id, userId: applicant.id, createdBy: admin.id },
    { organisationId, taskId: calls.id, userId: supervisor.id, createdBy: admin.id },
  ]);
  const history = (taskId: number, when: string, field: string, oldValue: string | null, newValue: string | null) => ({
    organisationId,
    taskId,
    userId: admin.id,
    changedAt: when,
    field,
    oldValue,
    newValue,
  });
  await tx.insert(taskHistory).values([
    history(uniforms.id, at(today, -4, '09:00'), 'created', null, uniforms.title),
    history(uniforms.id, at(today, -4, '09:01'), 'assignee_added', null, 'Alex Morgan'),
    history(uniforms.id, at(today, -2, '11:30'), 'status', 'To do', 'In progress'),
    history(calls.id, at(today, -1, '10:00'), 'created', null, calls.title),
    history(calls.id, at(today, -1, '10:02'), 'assignee_added', null, 'Sam Patel'),
    history(vests.id, at(today, -10, '14:00'), 'created', null, vests.title),
    history(vests.id, at(today, -6, '15:20'), 'status', 'To do', 'Done'),
    history(vests.id, at(today, -6, '15:21'), 'comment', null, 'Forty vests ordered, arriving before the clean.'),
  ]);

  // Skills.
  const categories = await lookupIds(
    (rows) =>
      tx
        .insert(skillCategories)
        .values(
          withOrganisation(
            rows.map((row) => ({
              ...row,
              bioPrompt: row.name === 'Languages' ? 'Which languages do you speak, and how well?' : null,
            })),
          ),
        )
        .returning(),
    ['Languages', 'First aid and safety', 'Driving'] as const,
  );
  const skill = async (categoryId: number, name: string, expires = false) =>
    insertedRow(await tx.insert(skills).values({ organisationId, categoryId, name, expires }).returning(), 'skill');
  const spoken = await skill(categories.Languages, 'Spoken languages');
  const firstAid = await skill(categories['First aid and safety'], 'First aid at work', true);
  const foodHygiene = await skill(categories['First aid and safety'], 'Food hygiene', true);
  const licence = await skill(categories.Driving, 'Driving licence');
  const options = await lookupIds(
    (rows) =>
      tx
        .insert(dynamicSkills)
        .values(
          withOrganisation(
            rows.map((row) => ({ ...row, skillId: ['Car', 'Minibus'].includes(row.name) ? licence.id : spoken.id })),
          ),
        )
        .returning(),
    ['Welsh', 'French', 'British Sign Language', 'Car', 'Minibus'] as const,
  );
  await tx.insert(userSkills).values(
    withOrganisation([
      { userId: applicant.id, skillId: spoken.id, dynamicSkillId: options.Welsh, level: 'expert' as const },
      { userId: applicant.id, skillId: spoken.id, dynamicSkillId: options.French, level: 'intermediate' as const },
      { userId: applicant.id, skillId: firstAid.id, expiresOn: day(today, 300) },
      { userId: applicant.id, skillId: licence.id, dynamicSkillId: options.Car },
      { userId: supervisor.id, skillId: licence.id, dynamicSkillId: options.Minibus },
      { userId: supervisor.id, skillId: foodHygiene.id, expiresOn: day(today, 20), notes: 'Renewal booked.' },
    ]),
  );
  await tx.insert(userSkillBios).values({
    organisationId,
    userId: applicant.id,
    categoryId: categories.Languages,
    bio: 'Welsh is my first language; I get by in French and am happy to help French-speaking visitors.',
  });

  // Expenses and claims.
  const types = await lookupIds(
    (rows) =>
      tx
        .insert(expenseTypes)
        .values(withOrganisation(rows.map((row) => ({ ...row, requiresReceipt: row.name !== 'Travel' }))))
        .returning(),
    ['Travel', 'Meals', 'Equipment'] as const,
  );
  const [mileage] = await tx
    .insert(expenseRates)
    .values([
      { organisationId, name: 'Car mileage', typeId: types.Travel, unit: 'mile', pencePerUnit: 45, position: 0 },
      { organisationId, name: 'Bicycle mileage', typeId: types.Travel, unit: 'mile', pencePerUnit: 20, position: 1 },
    ])
    .returning();
  const submitted = insertedRow(
    await tx
      .insert(claims)
      .values({
        organisationId,
        userId: applicant.id,
        title: 'Beach clean travel',
        submittedAt: at(today, -2, '18:00'),
        createdBy: applicant.id,
      })
      .returning(),
    'claim',
  );
  const approved = insertedRow(
    await tx
      .insert(claims)
      .values({
        organisationId,
        userId: returning.id,
        title: 'Festival lunches',
        status: 'approved',
        submittedAt: at(today, -12, '17:00'),
        decidedBy: admin.id,
        decidedAt: at(today, -9, '10:15'),
        decisionNote: 'Thank you for helping all weekend.',
        createdBy: returning.id,
      })
      .returning(),
    'claim',
  );
  await tx.insert(expenses).values(
    withOrganisation([
      {
        userId: applicant.id,
        claimId: submitted.id,
        typeId: types.Travel,
        rateId: mileage?.id ?? null,
        quantity: 24,
        amountPence: 1080,
        spentOn: day(today, -3),
        description: 'Drive to the beach clean and back',
        createdBy: applicant.id,
      },
      {
        userId: applicant.id,
        claimId: submitted.id,
        typeId: types.Travel,
        amountPence: 350,
        spentOn: day(today, -3),
        description: 'Car park at the beach',
        createdBy: applicant.id,
      },
      {
        userId: applicant.id,
        typeId: types.Equipment,
        amountPence: 599,
        spentOn: day(today, -1),
        description: 'Gardening gloves (not claimed yet)',
        createdBy: applicant.id,
      },
      {
        userId: returning.id,
        claimId: approved.id,
        typeId: types.Meals,
        amountPence: 875,
        spentOn: day(today, -14),
        description: 'Lunch on both festival days',
        status: 'approved' as const,
        createdBy: returning.id,
      },
    ]),
  );

  // Touchpoints.
  const touchpointTypeIds = await lookupIds(
    (rows) => tx.insert(touchpointTypes).values(withOrganisation(rows)).returning(),
    ['Phone call', 'Supervision', 'Thank-you card'] as const,
  );
  const welcome = insertedRow(
    await tx
      .insert(touchpoints)
      .values({
        organisationId,
        userId: applicant.id,
        typeId: touchpointTypeIds['Phone call'],
        occurredAt: at(today, -20, '10:30'),
        summary: 'Welcome call',
        details: 'Talked through the beach clean and the first aid course.',
        createdBy: admin.id,
      })
      .returning(),
    'touchpoint',
  );
  await tx.insert(touchpoints).values([
    {
      organisationId,
      userId: applicant.id,
      typeId: touchpointTypeIds['Phone call'],
      occurredAt: at(today, -13, '16:00'),
      summary: 'Follow-up after the first shift',
      details: 'Enjoyed it; would like more weekend shifts.',
      parentId: welcome.id,
      createdBy: admin.id,
    },
    {
      organisationId,
      userId: supervisor.id,
      typeId: touchpointTypeIds.Supervision,
      occurredAt: at(today, -7, '09:00'),
      summary: 'Quarterly supervision',
      createdBy: admin.id,
    },
    {
      organisationId,
      userId: returning.id,
      typeId: touchpointTypeIds['Thank-you card'],
      occurredAt: at(today, -8, '12:00'),
      summary: 'Sent a thank-you card for the festival',
      createdBy: admin.id,
    },
  ]);

  // Leaving reasons.
  await tx
    .insert(leavingReasons)
    .values(
      withOrganisation(
        ['Moved away', 'Work or study commitments', 'Health', 'Found other volunteering', 'Other'].map(
          (name, position) => ({ name, position }),
        ),
      ),
    );

  // Inductions.
  const modules = await tx
    .insert(inductionModules)
    .values([
      {
        organisationId,
        name: 'Welcome to Demo Volunteers',
        description: 'Watch the ten-minute welcome video, then mark this done.',
        compulsory: true,
        selfCompletable: true,
        position: 0,
      },
      {
        organisationId,
        name: 'Fire safety',
        description: 'Walk round the building with a member of staff.',
        compulsory: true,
        validityMonths: 12,
        position: 1,
      },
      {
        organisationId,
        name: 'Safeguarding basics',
        description: 'Read the safeguarding policy and complete the short quiz.',
        compulsory: true,
        selfCompletable: true,
        validityMonths: 36,
        position: 2,
      },
    ])
    .returning({ id: inductionModules.id, name: inductionModules.name });
  const moduleId = (name: string) => modules.find((module) => module.name === name)?.id ?? 0;
  await tx.insert(userInductions).values([
    {
      organisationId,
      userId: applicant.id,
      moduleId: moduleId('Welcome to Demo Volunteers'),
      status: 'completed',
      completedAt: at(today, -19, '20:00'),
      completedBy: applicant.id,
    },
    {
      organisationId,
      userId: applicant.id,
      moduleId: moduleId('Fire safety'),
      status: 'completed',
      completedAt: at(today, -15, '11:00'),
      completedBy: admin.id,
      expiresOn: day(today, 350),
    },
    { organisationId, userId: applicant.id, moduleId: moduleId('Safeguarding basics'), status: 'in_progress' },
    {
      organisationId,
      userId: supervisor.id,
      moduleId: moduleId('Safeguarding basics'),
      status: 'completed',
      completedAt: at(today, -100, '14:00'),
      completedBy: supervisor.id,
      expiresOn: day(today, 995),
    },
  ]);
}
