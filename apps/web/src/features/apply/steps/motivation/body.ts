import type { YesNo } from '../../form-values';
import type { StepBody } from '../step-props';

/** The motivation step's answers (applicant-flow §2.3). */
export type MotivationValues = {
  why: string;
  /** Id of the chosen motivation, or ''. */
  motivation: string;
  special_requirements_bool: YesNo;
  special_requirements: string;
  right_to_volunteer: '' | 'yes' | 'no' | 'unsure';
};

/** The step's answers when nothing is given. */
export function motivationDefaults(): MotivationValues {
  return {
    why: '',
    motivation: '',
    special_requirements_bool: '',
    special_requirements: '',
    right_to_volunteer: '',
  };
}

/** The top-level fields (and error paths) the step owns. */
export const motivationFields = [
  'why',
  'motivation',
  'special_requirements_bool',
  'special_requirements',
  'right_to_volunteer',
] as const;

/** Why (not with an application key), the motivation, special requirements, the right to volunteer. */
export const motivationBody: StepBody = (section, values, context) => {
  const body: Record<string, unknown> = {
    motivation: values.motivation === '' ? undefined : values.motivation,
    special_requirements_bool: values.special_requirements_bool,
  };
  if (context.applicationKey === null) {
    body.why = values.why;
  }
  if (values.special_requirements_bool === 'yes') {
    body.special_requirements = values.special_requirements;
  }
  if (section.apply_right_to_work) {
    body.right_to_volunteer = values.right_to_volunteer;
  }
  return body;
};
