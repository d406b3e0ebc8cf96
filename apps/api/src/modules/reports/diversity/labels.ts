import { sql } from 'drizzle-orm';
import type { DiversityCategory, DiversityCategoryKey, DiversityQuestion } from '@muster/contract';
import { diversityCategoryKeys } from '@muster/contract';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../sql.js';

/*
 * What labels a diversity report's rows: the fixed categories with their options (reference
 * data shared by every organisation) and the organisation's own questions.
 */

/** Category names as a report screen heads them (the form asks each as a question). */
export const CATEGORY_LABELS: Readonly<Record<DiversityCategoryKey, string>> = {
  gender: 'Gender',
  gender_assigned: 'Gender the same as assigned at birth',
  nationality: 'Nationality',
  ethnicity: 'Ethnicity',
  sexuality: 'Sexual orientation',
  registered_disabled: 'Disability',
  disabled_select: 'Type of disability',
  religion: 'Religion or belief',
};

/** The `user_diversity_answers` column holding each category's answer. */
export const CATEGORY_COLUMNS: Readonly<Record<DiversityCategoryKey, string>> = {
  gender: 'gender_id',
  gender_assigned: 'gender_assigned_id',
  nationality: 'nationality_id',
  ethnicity: 'ethnicity_id',
  sexuality: 'sexuality_id',
  registered_disabled: 'registered_disabled_id',
  disabled_select: 'disabled_select_id',
  religion: 'religion_id',
};

/** The Yes to registered disabled, which reveals the disability type (applicant-flow §3.3). */
const REGISTERED_DISABLED_YES = 37;

/**
 * True for the "Prefer not to say" answer, which reports count in a row of its own. The fixed
 * categories all have one; an own question has one when the organisation wrote it so.
 */
export function isPreferNotToSay(label: string): boolean {
  return label.trim().replace(/\s+/g, ' ').toLowerCase() === 'prefer not to say';
}

/** The fixed categories in form order, each with its options in form order. */
export async function loadCategories(db: Database): Promise<DiversityCategory[]> {
  const options = await rowsOf<{ id: number; field: DiversityCategoryKey; label: string; is_other: boolean }>(
    db,
    sql`select id, field, label, is_other from diversity_options order by position, id`,
  );
  return diversityCategoryKeys.map((key) => ({
    key,
    label: CATEGORY_LABELS[key],
    shown_when:
      key === 'disabled_select'
        ? { category: 'registered_disabled', option_id: REGISTERED_DISABLED_YES }
        : null,
    options: options
      .filter((option) => option.field === key)
      .map((option) => ({
        id: option.id,
        label: option.label,
        is_other: option.is_other,
        prefer_not_to_say: isPreferNotToSay(option.label),
      })),
  }));
}

/** The organisation's own questions in form order, each with its options and what reveals it. */
export async function loadQuestions(db: Database, organisationId: number): Promise<DiversityQuestion[]> {
  const [questions, options, dependencies] = await Promise.all([
    rowsOf<{ id: number; label: string; multiple: boolean; compulsory: boolean }>(
      db,
      sql`select id, question_text as label, is_multiple_select as multiple, compulsory
          from diversity_questions
          where organisation_id = ${organisationId}
          order by position, id`,
    ),
    rowsOf<{ id: number; question_id: number; label: string; is_other: boolean }>(
      db,
      sql`select id, question_id, option_text as label, is_other
          from diversity_question_options
          where organisation_id = ${organisationId}
          order by position, id`,
    ),
    rowsOf<{ question_id: number; parent_question_id: number; parent_option_id: number }>(
      db,
      sql`select question_id, parent_question_id, parent_option_id
          from diversity_question_dependencies
          where organisation_id = ${organisationId}
          order by parent_question_id, parent_option_id`,
    ),
  ]);
  return questions.map((question) => ({
    id: question.id,
    label: question.label,
    multiple: question.multiple,
    compulsory: question.compulsory,
    shown_when: dependencies
      .filter((dependency) => dependency.question_id === question.id)
      .map((dependency) => ({
        question_id: dependency.parent_question_id,
        option_id: dependency.parent_option_id,
      })),
    options: options
      .filter((option) => option.question_id === question.id)
      .map((option) => ({
        id: option.id,
        label: option.label,
        is_other: option.is_other,
        prefer_not_to_say: isPreferNotToSay(option.label),
      })),
  }));
}
