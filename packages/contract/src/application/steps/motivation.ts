import {
  hasStep,
  isBlank,
  LONG_TEXT_MAX,
  readFlag,
  readId,
  readObject,
  readText,
  type StepReadContext,
} from '../read.js';

/* The motivation step (applicant-flow §2.3): why, the motivation, special requirements, the right to volunteer. */

export type MotivationPart = {
  motivation: {
    why: string | null;
    motivationId: number | null;
    specialRequirementsBool: boolean | null;
    specialRequirements: string | null;
    rightToVolunteer: 'yes' | 'no' | 'unsure' | null;
  } | null;
};

/** The body fields this step owns, with their descriptions. */
export const motivationFields = {
  why: 'Why the applicant wants to volunteer (required without an application key).',
  motivation: 'Chosen motivation id (or `{id}`).',
  special_requirements_bool: 'yes or no.',
  special_requirements: 'Details when special_requirements_bool is yes.',
  right_to_volunteer: 'yes, no or unsure; required when the motivation step has apply_right_to_work.',
} as const;

/** Reads the motivation step's answers; null when the form has no motivation step. */
export function readMotivation(context: StepReadContext): MotivationPart {
  return { motivation: hasStep(context.sections, 'motivation') ? readAnswers(context) : null };
}

function readAnswers({ issues, raw, sections, options }: StepReadContext): NonNullable<MotivationPart['motivation']> {
  const why = readText(issues, ['why'], raw.why, LONG_TEXT_MAX);
  if (why === null && !options.hasApplicationKey && isBlank(raw.why)) {
    issues.add(['why'], 'Please tell us why you would like to volunteer');
  }
  const motivationRaw = readObject(raw.motivation)?.id ?? raw.motivation;
  const motivationId = readId(motivationRaw);
  if (
    motivationId === 'invalid' ||
    (motivationId !== null && options.motivationIds && !options.motivationIds.includes(motivationId))
  ) {
    issues.add(['motivation'], 'Please select an option');
  }
  const special = readFlag(raw.special_requirements_bool);
  if (special === 'invalid') {
    issues.add(['special_requirements_bool'], 'Please select an option');
  }
  const details = readText(issues, ['special_requirements'], raw.special_requirements, LONG_TEXT_MAX);
  if (special === true && details === null && isBlank(raw.special_requirements)) {
    issues.add(['special_requirements'], 'Please tell us about your requirements');
  }
  let rightToVolunteer: 'yes' | 'no' | 'unsure' | null = null;
  if (sections.some((section) => section.type === 'motivation' && section.apply_right_to_work)) {
    const answer = typeof raw.right_to_volunteer === 'string' ? raw.right_to_volunteer.trim() : '';
    if (answer === 'yes' || answer === 'no' || answer === 'unsure') {
      rightToVolunteer = answer;
    } else {
      issues.add(['right_to_volunteer'], 'Please select an option');
    }
  }
  return {
    why,
    motivationId: typeof motivationId === 'number' ? motivationId : null,
    specialRequirementsBool: typeof special === 'boolean' ? special : null,
    specialRequirements: special === true ? details : null,
    rightToVolunteer,
  };
}
