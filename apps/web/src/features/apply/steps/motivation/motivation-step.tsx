import { useFormContext, useWatch } from 'react-hook-form';
import { CustomBlocks } from '../../custom-blocks';
import { ChoiceField, SelectField } from '../../fields';
import { FormTextField } from '../../form-text-field';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import type { StepProps } from '../step-props';

/** Rows of every textarea on the form (applicant-flow §9). */
export const TEXTAREA_ROWS = 10;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

const RIGHT_TO_VOLUNTEER = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'unsure', label: 'Unsure' },
] as const;

/**
 * The motivation step (applicant-flow §2.3): why (not when completing an application by key),
 * the optional motivation from the public list, special requirements with details when yes,
 * and the right to volunteer when the step asks for it; then the step's custom blocks.
 */
export function MotivationStep({ section, organisation, opportunity, applicationKey, motivations, onUploadingChange }: StepProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const specialRequirements = useWatch({ control, name: 'special_requirements_bool' });

  return (
    <>
      {applicationKey === null ? (
        <FormTextField
          name="why"
          label="Why would you like to apply for this opportunity?"
          required
          rows={TEXTAREA_ROWS}
        />
      ) : null}
      {motivations.length > 0 ? (
        <SelectField
          name="motivation"
          label="What is your main motivation for volunteering? (optional)"
          options={motivations.map((motivation) => ({ value: String(motivation.id), label: motivation.content }))}
          registration={register('motivation')}
          error={errorMessage(errors, 'motivation')}
        />
      ) : null}
      <ChoiceField
        name="special_requirements_bool"
        legend="Do you have any special requirements?"
        options={YES_NO}
        registration={register('special_requirements_bool')}
        error={errorMessage(errors, 'special_requirements_bool')}
      />
      {specialRequirements === 'yes' ? (
        <FormTextField
          name="special_requirements"
          label="Please tell us about your special requirements"
          required
          rows={TEXTAREA_ROWS}
        />
      ) : null}
      {section.apply_right_to_work ? (
        <ChoiceField
          name="right_to_volunteer"
          legend="Do you have the right to volunteer in this country?"
          required
          hint="Refugees and asylum seekers are allowed to volunteer."
          options={RIGHT_TO_VOLUNTEER}
          registration={register('right_to_volunteer')}
          error={errorMessage(errors, 'right_to_volunteer')}
        />
      ) : null}
      <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />
    </>
  );
}
