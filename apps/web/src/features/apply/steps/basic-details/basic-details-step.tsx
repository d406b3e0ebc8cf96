import type { FormSection, Organisation } from '@muster/contract';
import { Suspense, useEffect } from 'react';
import { Controller, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { DateInput } from '../../../../components/ui/date-input/date-input';
import { Spinner } from '../../../../components/ui/spinner/spinner';
import { LazyTelephoneInput } from '../../../../components/ui/telephone-input/lazy-telephone-input';
import { isBelowMinimumAge, isMinor, minimumAgeWarning } from '../../age';
import { ChoiceField, fieldId } from '../../fields';
import { FormTextField } from '../../form-text-field';
import type { ApplicationFormValues, ProfileDetails } from '../../form-values';
import { errorMessage } from '../../form-errors';
import type { PasswordResetRequestProps, SignInPanelProps } from '../../sign-in-panel';
import { isEmailFormatValid, type EmailCheckState } from '../../use-email-check';
import { CustomBlocks } from '../../custom-blocks';
import type { ApplicantMode, StepApplicant, StepProps } from '../step-props';
import { lazyComponent } from '../../../../lib/lazy/lazy-component';

// What the email check's answer shows (the sign-in with its code and recovery forms, or the
// personal details with the telephone widget) loads while the check runs, not before first paint.
const SignInPanel = lazyComponent<SignInPanelProps>(
  async () => (await import('../../sign-in-panel')).SignInPanel,
);
const PasswordResetRequest = lazyComponent<PasswordResetRequestProps>(
  async () => (await import('../../sign-in-panel')).PasswordResetRequest,
);

/** Typed, but not an address: leaving an empty box says nothing before Next. */
const isMalformedEmail = (value: string) => value.trim() !== '' && !isEmailFormatValid(value);

type BasicDetailsProps = {
  section: FormSection;
  organisation: Organisation;
  defaultPhoneRegion: string;
  mode: ApplicantMode;
} & Omit<StepApplicant, 'settled' | 'profileFailed'>;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** The personal details asked of a new applicant, or shown locked for a signed-in one. */
function PersonalDetails({
  section,
  organisation,
  defaultPhoneRegion,
  locked,
  errors,
}: {
  section: FormSection;
  organisation: Organisation;
  defaultPhoneRegion: string;
  locked: Partial<ProfileDetails> | null;
  errors: FieldErrors<ApplicationFormValues>;
}) {
  const { control, setValue } = useFormContext<ApplicationFormValues>();
  const dob = useWatch({ control, name: 'dob' });
  const region = useWatch({ control, name: 'contact_number_country_code' });
  // A known applicant's details are locked: the server keeps the ones on record (applicant-flow §2.2).
  const readOnly = locked !== null;
  const minor = isMinor(dob, organisation.minor_age);
  const belowMinimum = section.minimum_age !== null && isBelowMinimumAge(dob, section.minimum_age);
  return (
    <>
      <FormTextField
        name="first_name"
        label="First name"
        required
        autoComplete="given-name"
        readOnly={readOnly}
      />
      <FormTextField
        name="last_name"
        label="Last name"
        required
        autoComplete="family-name"
        readOnly={readOnly}
      />
      <div className="apply-field apply-field--widget">
        <Suspense fallback={null}>
          <Controller
            control={control}
            name="contact_number"
            render={({ field }) => (
              <LazyTelephoneInput.Component
                id={fieldId('contact_number')}
                label="Contact number"
                required={section.phone_number_compulsory}
                readOnly={readOnly}
                value={{
                  number: field.value,
                  region: region || defaultPhoneRegion,
                }}
                onChange={(change) => {
                  field.onChange(change.number);
                  setValue('contact_number_country_code', change.region);
                  setValue('contact_number_formatted', change.e164 ?? '');
                }}
                onBlur={field.onBlur}
                error={errorMessage(errors, 'contact_number')}
              />
            )}
          />
        </Suspense>
      </div>
      <Controller
        control={control}
        name="dob"
        render={({ field }) => (
          <DateInput
            id={fieldId('dob')}
            label="Date of birth"
            required
            dateOfBirth
            readOnly={readOnly}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorMessage(errors, 'dob')}
          />
        )}
      />
      {belowMinimum && section.minimum_age !== null ? (
        <p className="apply-notice apply-notice--warning" role="status">
          {minimumAgeWarning(section.minimum_age)}
        </p>
      ) : null}
      {minor ? (
        <fieldset className="apply-group">
          <legend className="apply-group__title">Parent or guardian</legend>
          <p className="apply-field__hint">
            As you are under {organisation.minor_age}, we need the details of a parent or guardian.
          </p>
          <FormTextField name="parents_first_name" label="Parent or guardian's first name" required />
          <FormTextField name="parents_last_name" label="Parent or guardian's last name" required />
          <FormTextField
            name="parents_email"
            label="Parent or guardian's email address"
            type="email"
            required
          />
        </fieldset>
      ) : null}
    </>
  );
}

/** Where the existing-user check stands, said in words (a live region). */
function EmailCheckStatus({ state, onRetry }: { state: EmailCheckState; onRetry: () => void }) {
  return (
    <div role="status" className="apply-email-status">
      {state.status === 'checking' ? (
        <Spinner size="small" label="Checking your email address…" showLabel />
      ) : null}
      {state.status === 'rate-limited' ? (
        <p className="apply-notice apply-notice--error">
          You have tried too many times, please wait for {state.retryAfter} seconds before trying again.
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="apply-notice apply-notice--error">
          {state.message}{' '}
          <button type="button" className="apply-link-button" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The basic-details step (applicant-flow §2.2): email first and the existing-user check; then the
 * sign-in for an existing account (in a single-sign-on organisation the check's redirect sends the
 * browser to the provider instead), or the personal details for a new one; locked details for a
 * signed-in user; the "Do they have an email address?" question in supervisor mode; the parent
 * or guardian block for minors and the minimum-age warning.
 */
function BasicDetails({
  section,
  organisation,
  defaultPhoneRegion,
  mode,
  displayName,
  lockedDetails,
  emailCheck,
  onRetryEmailCheck,
  onSignedIn,
  onSignOut,
  returnPath,
}: BasicDetailsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const email = useWatch({ control, name: 'email' });
  const hasEmail = useWatch({ control, name: 'has_email' });
  const checking = emailCheck.status === 'waiting' || emailCheck.status === 'checking';
  useEffect(() => {
    if (checking || mode !== 'anonymous') {
      // Failed downloads are tried again when the part is shown.
      void SignInPanel.preload().catch(() => undefined);
      void PasswordResetRequest.preload().catch(() => undefined);
      void LazyTelephoneInput.preload().catch(() => undefined);
    }
  }, [checking, mode]);

  const personalDetails = (locked: Partial<ProfileDetails> | null) => (
    <PersonalDetails
      section={section}
      organisation={organisation}
      defaultPhoneRegion={defaultPhoneRegion}
      locked={locked}
      errors={errors}
    />
  );

  const signedInBar =
    mode !== 'anonymous' && displayName ? (
      <p className="apply-signed-in">
        Signed in as {displayName}.{' '}
        <button type="button" className="apply-link-button" onClick={onSignOut}>
          Not {displayName}?
        </button>
      </p>
    ) : null;

  if (mode === 'self') {
    return (
      <>
        {signedInBar}
        <p className="apply-notice apply-notice--info">
          These details come from your profile. To change them, go to{' '}
          <a href="/portal/user/me">your profile</a>.
        </p>
        <FormTextField name="email" label="Email address" type="email" required readOnly />
        {personalDetails(lockedDetails ?? {})}
      </>
    );
  }

  if (mode === 'supervisor') {
    return (
      <>
        {signedInBar}
        <p className="apply-notice apply-notice--info">You are applying on behalf of someone else.</p>
        <ChoiceField
          name="has_email"
          legend="Do they have an email address?"
          required
          options={YES_NO}
          registration={register('has_email')}
          error={errorMessage(errors, 'has_email')}
        />
        {hasEmail === 'yes' ? (
          <>
            <FormTextField name="email" label="Email address" type="email" required autoComplete="off" />
            <FormTextField
              name="email_confirm"
              label="Confirm email address"
              type="email"
              required
              autoComplete="off"
            />
          </>
        ) : null}
        {hasEmail !== '' ? personalDetails(null) : null}
      </>
    );
  }

  return (
    <>
      <FormTextField
        name="email"
        label="Email address"
        type="email"
        required
        autoComplete="email"
        hint="We will check whether you already have an account with us."
        checkWhenLeft={isMalformedEmail}
        error={emailCheck.status === 'key-mismatch' ? emailCheck.message : undefined}
      />
      <EmailCheckStatus state={emailCheck} onRetry={onRetryEmailCheck} />
      {emailCheck.status === 'existing' ? (
        <Suspense fallback={null}>
          <SignInPanel.Component
            key={email}
            email={email.trim()}
            intended={returnPath}
            onSignedIn={onSignedIn}
          />
        </Suspense>
      ) : null}
      {emailCheck.status === 'no-password' ? (
        <div className="apply-notice apply-notice--info">
          <p>{emailCheck.message}</p>
          <Suspense fallback={null}>
            <PasswordResetRequest.Component email={email.trim()} intended={returnPath} />
          </Suspense>
        </div>
      ) : null}
      {emailCheck.status === 'key-matched' ? personalDetails(lockedDetails) : null}
      {emailCheck.status === 'new' ? (
        <>
          <FormTextField
            name="email_confirm"
            label="Confirm email address"
            type="email"
            required
            autoComplete="email"
          />
          {personalDetails(null)}
        </>
      ) : null}
    </>
  );
}

/**
 * The basic-details step (applicant-flow §2.2): the personal details (or the sign-in of an
 * existing applicant), then, once the existing-user check is done, the step's custom blocks.
 */
export function BasicDetailsStep({
  section,
  organisation,
  opportunity,
  mode,
  applicant,
  onUploadingChange,
}: StepProps) {
  return (
    <>
      <BasicDetails
        section={section}
        organisation={organisation}
        defaultPhoneRegion={opportunity.default_phone_country_code || 'GB'}
        mode={mode}
        displayName={applicant.displayName}
        lockedDetails={applicant.lockedDetails}
        emailCheck={applicant.emailCheck}
        onRetryEmailCheck={applicant.onRetryEmailCheck}
        onSignedIn={applicant.onSignedIn}
        onSignOut={applicant.onSignOut}
        returnPath={applicant.returnPath}
      />
      {mode === 'self' && applicant.profileFailed ? (
        <div className="apply-alert apply-alert--error" role="alert">
          <p>We could not load your details. Please reload the page to try again.</p>
        </div>
      ) : null}
      {applicant.settled ? (
        <CustomBlocks
          section={section}
          organisation={organisation}
          opportunity={opportunity}
          onUploadingChange={onUploadingChange}
        />
      ) : null}
    </>
  );
}
