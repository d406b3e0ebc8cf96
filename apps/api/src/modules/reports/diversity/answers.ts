import { sql } from 'drizzle-orm';
import {
  diversityCategoryKeys,
  type DiversityCategoryKey,
  type DiversityOverviewRow,
  type DiversityReportGroup,
  type DiversityReportRow,
} from '@muster/contract';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../sql.js';
import { CATEGORY_COLUMNS, loadCategories, loadQuestions } from './labels.js';
import type { Population } from './populations.js';
import { suppressAnswers, type AnswerCounts } from './suppression.js';

/*
 * Counting the diversity answers of a set of people (a condition on a user id, populations.ts) and
 * turning the counts into suppressed report groups. Every person counts once per group: under
 * the option they chose (several for a multiple choice), under "prefer not to say", or under
 * "not answered" (docs/reports.md "Diversity").
 */

/** One group's counts before suppression, with what labels its rows. */
export type CountedGroup = {
  key: string;
  category: DiversityCategoryKey | null;
  questionId: number | null;
  label: string;
  /** The option (or age band) rows in order. */
  rows: Array<Pick<DiversityReportRow, 'key' | 'id' | 'label' | 'kind'>>;
  /** The "prefer not to say" option; null where the group has no such row (age). */
  declined: { id: number | null } | null;
  notAnsweredLabel: string;
  counts: AnswerCounts;
};

/** Age bands on a given day, youngest first, each up to its `max` age (docs/reports.md "Diversity"). */
export const AGE_BANDS: ReadonlyArray<{ key: string; label: string; max: number | null }> = [
  { key: 'under-18', label: 'Under 18', max: 17 },
  { key: '18-24', label: '18 to 24', max: 24 },
  { key: '25-34', label: '25 to 34', max: 34 },
  { key: '35-44', label: '35 to 44', max: 44 },
  { key: '45-54', label: '45 to 54', max: 54 },
  { key: '55-64', label: '55 to 64', max: 64 },
  { key: '65-plus', label: '65 and over', max: null },
];

/** The people of the population among the organisation's users. */
async function countPeople(db: Database, organisationId: number, people: Population): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from users u
        where u.organisation_id = ${organisationId} and ${people(sql`u.id`)}`,
  );
  return row?.count ?? 0;
}

const countOf = (counts: ReadonlyMap<number, number>, id: number) => counts.get(id) ?? 0;

/**
 * The fixed categories and the organisation's own questions counted over `people`, in form
 * order. A fixed answer that is not an option of its category counts as not answered. The
 * answers are read from the answers' side, each asked whether its person is one of `people`, so
 * only the people who answered are looked up. `total`: the number of `people`, when the caller
 * counts them anyway (the overview, with their ages); counted here otherwise.
 */
export async function countAnswers(
  db: Database,
  organisationId: number,
  people: Population,
  total: Promise<number> = countPeople(db, organisationId, people),
): Promise<CountedGroup[]> {
  const [categories, questions, totalPeople] = await Promise.all([
    loadCategories(db),
    loadQuestions(db, organisationId),
    total,
  ]);
  const answerColumns = sql.join(
    diversityCategoryKeys.map((key) => sql`(${key}::text, a.${sql.identifier(CATEGORY_COLUMNS[key])})`),
    sql`, `,
  );
  const fixed = await rowsOf<{ field: DiversityCategoryKey; option_id: number; count: number }>(
    db,
    sql`
      select v.field, v.option_id, count(*)::int as count
      from user_diversity_answers a
      cross join lateral (values ${answerColumns}) as v(field, option_id)
      where a.organisation_id = ${organisationId} and ${people(sql`a.user_id`)}
        and v.option_id is not null
      group by v.field, v.option_id`,
  );
  const declinedIds = questions.flatMap((question) =>
    question.options.filter((option) => option.prefer_not_to_say).map((option) => option.id),
  );
  const isDeclined =
    declinedIds.length === 0
      ? sql`false`
      : sql`ao.option_id in (${sql.join(
          declinedIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  // A real answer wins over "prefer not to say" chosen with it; an answer without options is none.
  const chosen = sql`
    with chosen as (
      select ans.question_id, ans.user_id, ao.option_id, ${isDeclined} as declined
      from user_diversity_question_answers ans
      join user_diversity_question_answer_options ao
        on ao.answer_id = ans.id and ao.organisation_id = ${organisationId}
      where ans.organisation_id = ${organisationId} and ${people(sql`ans.user_id`)}
    )`;
  const [optionRows, personRows] = await Promise.all([
    rowsOf<{ question_id: number; option_id: number; count: number }>(
      db,
      sql`${chosen}
        select question_id, option_id, count(distinct user_id)::int as count
        from chosen where not declined
        group by question_id, option_id`,
    ),
    rowsOf<{ question_id: number; declined: boolean; count: number }>(
      db,
      sql`${chosen},
        per_person as (
          select question_id, user_id, bool_and(declined) as declined from chosen group by question_id, user_id)
        select question_id, declined, count(*)::int as count
        from per_person
        group by question_id, declined`,
    ),
  ]);

  const fixedGroups = categories.map((category): CountedGroup => {
    const counts = new Map(
      fixed.filter((row) => row.field === category.key).map((row) => [row.option_id, row.count]),
    );
    const options = category.options.filter((option) => !option.prefer_not_to_say);
    const declinedOption = category.options.find((option) => option.prefer_not_to_say);
    const optionCounts = options.map((option) => countOf(counts, option.id));
    const declined = declinedOption ? countOf(counts, declinedOption.id) : 0;
    return {
      key: category.key,
      category: category.key,
      questionId: null,
      label: category.label,
      rows: options.map((option) => ({
        key: `option-${option.id}`,
        id: option.id,
        label: option.label,
        kind: 'option',
      })),
      declined: { id: declinedOption?.id ?? null },
      notAnsweredLabel: 'Not answered',
      counts: {
        options: optionCounts,
        declined,
        notAnswered: totalPeople - declined - optionCounts.reduce((sum, count) => sum + count, 0),
        people: totalPeople,
        multiple: false,
      },
    };
  });

  const questionGroups = questions.map((question): CountedGroup => {
    const counts = new Map(
      optionRows.filter((row) => row.question_id === question.id).map((row) => [row.option_id, row.count]),
    );
    const byPerson = personRows.filter((row) => row.question_id === question.id);
    const declined = byPerson.find((row) => row.declined)?.count ?? 0;
    const answered = byPerson.find((row) => !row.declined)?.count ?? 0;
    const options = question.options.filter((option) => !option.prefer_not_to_say);
    return {
      key: `question-${question.id}`,
      category: null,
      questionId: question.id,
      label: question.label,
      rows: options.map((option) => ({
        key: `option-${option.id}`,
        id: option.id,
        label: option.label,
        kind: 'option',
      })),
      declined: { id: question.options.find((option) => option.prefer_not_to_say)?.id ?? null },
      notAnsweredLabel: 'Not answered',
      counts: {
        options: options.map((option) => countOf(counts, option.id)),
        declined,
        notAnswered: totalPeople - declined - answered,
        people: totalPeople,
        multiple: question.multiple,
      },
    };
  });
  return [...fixedGroups, ...questionGroups];
}

/**
 * The `people` counted by age band on `onDay` (from their date of birth), then "not given": one
 * pass over the organisation's users. Each person's age is worked out once (`offset 0` keeps the
 * subquery from being merged into the band's `case`, which would work it out again for each band
 * tried: seconds over a million people).
 */
export async function countAges(
  db: Database,
  organisationId: number,
  people: Population,
  onDay: string,
): Promise<CountedGroup> {
  const band = sql.join(
    AGE_BANDS.map(
      (entry) =>
        sql`when ${entry.max === null ? sql`true` : sql`x.age <= ${entry.max}::int`} then ${entry.key}::text`,
    ),
    sql` `,
  );
  const rows = await rowsOf<{ band: string | null; count: number }>(
    db,
    sql`
      select case when x.dob is null then null ${band} end as band, count(*)::int as count
      from (
        select u.dob, extract(year from age(${onDay}::date, u.dob))::int as age
        from users u
        where u.organisation_id = ${organisationId} and ${people(sql`u.id`)}
        offset 0
      ) x
      group by 1`,
  );
  const countOfBand = (key: string | null) => rows.find((row) => row.band === key)?.count ?? 0;
  return {
    key: 'age',
    category: null,
    questionId: null,
    label: 'Age',
    rows: AGE_BANDS.map((entry) => ({ key: entry.key, id: null, label: entry.label, kind: 'band' })),
    declined: null,
    notAnsweredLabel: 'Not given',
    counts: {
      options: AGE_BANDS.map((entry) => countOfBand(entry.key)),
      declined: null,
      notAnswered: countOfBand(null),
      people: rows.reduce((sum, row) => sum + row.count, 0),
      multiple: false,
    },
  };
}

/** A counted group as a report shows it: suppressed. */
export function shownGroup(group: CountedGroup): DiversityReportGroup {
  const shown = suppressAnswers(group.counts);
  const rows: DiversityReportRow[] = group.rows.map((row, index) => ({
    ...row,
    count: shown.options[index] ?? 'hidden',
  }));
  if (group.declined && shown.declined !== null) {
    rows.push({
      key: 'prefer-not-to-say',
      id: group.declined.id,
      label: 'Prefer not to say',
      kind: 'prefer_not_to_say',
      count: shown.declined,
    });
  }
  rows.push({
    key: 'not-answered',
    id: null,
    label: group.notAnsweredLabel,
    kind: 'not_answered',
    count: shown.notAnswered,
  });
  return {
    key: group.key,
    category: group.category,
    question_id: group.questionId,
    label: group.label,
    multiple: group.counts.multiple,
    people: shown.people,
    rows,
  };
}

/** A counted group as the overview shows it: how fully it is answered, suppressed alike. */
export function overviewRow(group: CountedGroup): DiversityOverviewRow {
  const shown = suppressAnswers(group.counts);
  return {
    key: group.key,
    category: group.category,
    question_id: group.questionId,
    label: group.label,
    people: shown.people,
    answered: shown.answered,
    prefer_not_to_say: shown.declined,
    not_answered: shown.notAnswered,
  };
}
