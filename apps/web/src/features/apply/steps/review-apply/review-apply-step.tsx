import { useId, type MouseEvent, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ConsentQuestion } from '../../../../components/ui/consent-question/consent-question';
import { PasswordStrength } from '../../../../components/ui/password-strength/password-strength';
import { CustomBlocks } from '../../custom-blocks';
import { FieldError, RequiredMark, fieldId } from '../../fields';
import { FormTextField } from '../../form-text-field';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import { stepHeading } from '../../steps';
import type { StepProps } from '../step-props';

/** A checkbox bound to `name` (a boolean), with its error. */
function BoundCheckbox({ name, label, required, statement }: { name: `terms.${number}` | `additional_consent.${number}`; label: ReactNode; required?: boolean; statement?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const id = fieldId(name);
  const error = errorMessage(errors, name);
  return (
    <div id={`${id}-group`} className={`apply-field${error ? ' apply-field--error' : ''}`}>
      {statement}
      <FieldError id={`${id}-error`} message={error} />
      <div className="apply-field__choice">
        <input
          id={id}
          type="checkbox"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(name)}
        />
        <label htmlFor={id}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
    </div>
  );
}

/**
 * The review-apply step (applicant-flow §2.10): what is being applied for and the role
 * disclaimer; the step's questions; consents, additional consents and the terms; the 'Set your
 * password' block for a new applicant; and the red alert listing incomplete earlier steps.
 */
export function ReviewApplyStep({
  section,
  sections,
  opportunity,
  organisation,
  consentsShown,
  passwordShown,
  navigation: { incompleteSteps, hrefForStep, onGoToStep },
  onUploadingChange,
  passwordInputs,
}: StepProps) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const newPassword = useWatch({ control, name: 'new_password' });
  const missedId = useId();
  const rulesId = `${fieldId('new_password')}-rules`;
  // Consents, additional consents and terms of every step are asked here, numbered in step order as the server reads them.
  const consents = sections.flatMap((each) => each.consents);
  const additionalConsents = sections.flatMap((each) => each.additional_consents);
  const terms = sections.flatMap((each) => each.terms);
  const earlier = incompleteSteps.filter((step) => sections[step] && sections[step] !== section);

  const follow = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    onGoToStep(index);
  };

  return (
    <>
      {earlier.length > 0 ? (
        <div className="apply-alert apply-alert--error" aria-labelledby={missedId}>
          <h3 id={missedId} className="apply-alert__title">
            Looks like you missed something
          </h3>
          <p>Please complete these steps before you apply:</p>
          <ul>
            {earlier.map((step) => (
              <li key={step}>
                <a href={hrefForStep(step)} onClick={(event) => follow(event, step)}>
                  {stepHeading(step, sections[step]!)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="apply-review__lead">You are about to apply for {opportunity.display_name}</p>
      {opportunity.role_profile.disclaimer ? (
        <div className="apply-review__disclaimer">
          <h3>About the role</h3>
          <p>{opportunity.role_profile.disclaimer}</p>
        </div>
      ) : null}
      <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />
      {consentsShown && consents.length > 0 ? (
        <div className="apply-group">
          <h3 className="apply-group__title">Consents</h3>
          {consents.map((consent) => {
            const name = `consents.${consent.id}` as const;
            return (
              <div key={consent.id} id={fieldId(name)} className="apply-consent">
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <ConsentQuestion
                      question={consent}
                      answer={field.value ?? null}
                      onChange={field.onChange}
                      error={errorMessage(errors, name) ?? null}
                    />
                  )}
                />
              </div>
            );
          })}
        </div>
      ) : null}
      {consentsShown && additionalConsents.length > 0 ? (
        <div className="apply-group">
          <h3 className="apply-group__title">Additional consents</h3>
          {additionalConsents.map((consent, index) => (
            <BoundCheckbox key={consent.id} name={`additional_consent.${index}`} label={consent.name} />
          ))}
        </div>
      ) : null}
      {consentsShown && terms.length > 0 ? (
        <div className="apply-group">
          <h3 className="apply-group__title">Terms</h3>
          {terms.map((term, index) => (
            <BoundCheckbox
              key={term.id}
              name={`terms.${index}`}
              required
              statement={
                <p>
                  Please read the{' '}
                  <a href={term.link} target="_blank" rel="noreferrer">
                    {term.name}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  .
                </p>
              }
              label={<>I have read and agree to the {term.name}</>}
            />
          ))}
        </div>
      ) : null}
      {passwordShown ? (
        <fieldset className="apply-group">
          <legend className="apply-group__title">Set your password</legend>
          <p className="apply-field__hint">You will use it with your email address to sign in to your account.</p>
          <PasswordStrength password={newPassword} popoverId={rulesId} userInputs={passwordInputs}>
            <FormTextField
              name="new_password"
              label="Password"
              type="password"
              required
              autoComplete="new-password"
              describedBy={rulesId}
            />
          </PasswordStrength>
          <FormTextField
            name="new_password_confirm"
            label="Confirm password"
            type="password"
            required
            autoComplete="new-password"
          />
        </fieldset>
      ) : null}
    </>
  );
}
