import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TelephoneInput } from '../../../../components/ui/telephone-input/telephone-input';
import { CustomBlocks } from '../../custom-blocks';
import { fieldId } from '../../fields';
import { FormTextField } from '../../form-text-field';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import type { StepProps } from '../step-props';
import { refereeAt, refereeCount, type RefereeValues } from './body';

/** The label of the checkbox that swaps the email address for a phone number (applicant-flow §2.7). */
export const NO_EMAIL_LABEL = "They don't have an email address";

/** The notice on a referee whose request was sent (applicant-flow §2.7). */
export function lockedRefereeNotice(firstName: string): string {
  return `You cannot change this referee as a request has already been sent to ${firstName}.`;
}

type RefereeBlockProps = {
  index: number;
  referee: RefereeValues;
  defaultRegion: string;
};

/** One referee: names, then the email address or, without one, the phone number; locked once a request was sent. */
function RefereeBlock({ index, referee, defaultRegion }: RefereeBlockProps) {
  const {
    control,
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const path = `references.${index}` as const;
  const locked = referee.disabled;
  const legendId = `${fieldId(path)}-legend`;
  const noticeId = `${fieldId(path)}-locked`;
  const noEmailId = fieldId(`${path}.no_email`);

  return (
    <fieldset className="apply-group" aria-describedby={locked ? noticeId : undefined}>
      <legend id={legendId} className="apply-group__title">
        Referee {index + 1}
      </legend>
      {locked ? (
        <div className="apply-notice" id={noticeId}>
          <p>{lockedRefereeNotice(referee.first_name)}</p>
        </div>
      ) : null}
      <FormTextField
        name={`${path}.first_name`}
        label="First name"
        required
        readOnly={locked}
        autoComplete="off"
      />
      <FormTextField
        name={`${path}.last_name`}
        label="Last name"
        required
        readOnly={locked}
        autoComplete="off"
      />
      {referee.no_email ? null : (
        <FormTextField
          name={`${path}.email`}
          label="Email address"
          type="email"
          required
          readOnly={locked}
          autoComplete="off"
        />
      )}
      <div className="apply-field">
        <div className="apply-field__choice">
          {locked ? (
            // A locked referee's answer is shown, not sent again from here: the server keeps it.
            <input id={noEmailId} type="checkbox" checked={referee.no_email} disabled readOnly />
          ) : (
            <input
              id={noEmailId}
              type="checkbox"
              {...register(`${path}.no_email`, {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) {
                    // Ticking clears the email address; unticking clears the phone number.
                    setValue(`${path}.email`, '');
                    clearErrors(`${path}.email`);
                  } else {
                    setValue(`${path}.phone_number`, '');
                    setValue(`${path}.phone_number_formatted`, '');
                    setValue(`${path}.phone_number_country_code`, '');
                    clearErrors(`${path}.phone_number`);
                  }
                },
              })}
            />
          )}
          <label htmlFor={noEmailId}>{NO_EMAIL_LABEL}</label>
        </div>
      </div>
      {referee.no_email ? (
        <div className="apply-field apply-field--widget">
          <Controller
            control={control}
            name={`${path}.phone_number`}
            render={({ field }) => (
              <TelephoneInput
                id={fieldId(`${path}.phone_number`)}
                label="Phone number"
                required
                readOnly={locked}
                value={{
                  number: field.value ?? '',
                  region: referee.phone_number_country_code || defaultRegion,
                }}
                onChange={(change) => {
                  field.onChange(change.number);
                  setValue(`${path}.phone_number_country_code`, change.region);
                  setValue(`${path}.phone_number_formatted`, change.e164 ?? '');
                }}
                onBlur={field.onBlur}
                error={errorMessage(errors, `${path}.phone_number`)}
              />
            )}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The references step (applicant-flow §2.7): as many referee blocks as the step requests, or
 * more when the answers already hold more (an application opened by its key); then the step's
 * custom blocks. A referee whose request was sent is shown locked.
 */
export function ReferencesStep({ section, opportunity, organisation, onUploadingChange }: StepProps) {
  const { control } = useFormContext<ApplicationFormValues>();
  const referees = useWatch({ control, name: 'references' }) as
    ApplicationFormValues['references'] | undefined;
  const list = referees ?? [];
  const count = refereeCount(section, list);
  const defaultRegion = opportunity.default_phone_country_code || 'GB';
  return (
    <div data-step-type={section.type}>
      {count > 0 ? (
        <p className="apply-field__hint">
          Please give the details of {count === 1 ? 'someone' : `${count} people`} we can ask for a reference.
          We will email each of them a short form; if someone has no email address we will telephone them.
        </p>
      ) : null}
      {Array.from({ length: count }, (_, index) => (
        <RefereeBlock
          key={index}
          index={index}
          referee={refereeAt(list, index)}
          defaultRegion={defaultRegion}
        />
      ))}
      <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />
    </div>
  );
}
