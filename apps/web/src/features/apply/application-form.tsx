import {
  applicationMessages,
  type FormSection,
  type Opportunity,
  type Organisation,
  type ResidentialBookingSummary,
} from '@muster/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title/document-title';
import { SAVE_BUTTON_STATE, SaveButton } from '../../components/ui/save-button/save-button';
import { Spinner } from '../../components/ui/spinner/spinner';
import { isApiError, type FieldErrors as ApiFieldErrors } from '../../lib/api/errors';
import { signOut } from '../../lib/auth/auth-api';
import { usePermissions, useSession } from '../../lib/session/session-context';
import {
  fetchKeyedApplication,
  fetchProfile,
  postApplication,
  type KeyedApplication,
} from './api';
import {
  AlreadyCompletedScreen,
  PreviouslyAppliedScreen,
  RESIDENTIAL_SHORT,
  SubmittedScreen,
  ThankYouDialog,
} from './closing-screens';
import { ErrorSummary } from './error-summary';
import { focusField } from './fields';
import { errorsOfStep, fieldOrder, flattenErrors, formFieldOfErrorPath } from './form-errors';
import { toFormData } from './form-data';
import { publicMotivationsQuery } from './queries';
import {
  clearDraft,
  detailsFromProfile,
  loadDraft,
  mergeKnownFields,
  prefillFromProfile,
  saveDraft,
  valuesFromSavedApplication,
  type ApplicationFormValues,
  type ProfileDetails,
} from './form-values';
import { leavePage, withReturnPath } from './leave-page';
import {
  buildApplicationBody,
  consentsShownFor,
  type ApplicantMode,
  type BodyContext,
  type BookingParams,
} from './request-body';
import { StepTabs } from './step-tabs';
import { stepHeading, stepIndexOfField, stepStatusText, stepsWithErrors } from './steps';
import { STEP_REGISTRY } from './steps/registry';
import type { StepProps } from './steps/step-props';
import { accountChecker, keyChecker, useEmailCheck } from './use-email-check';
import { loadValidation } from './load-validation';
import type { ValidationContext } from './validation';

/** Alert of applicant-flow §8 for a submit that failed other than with field errors. */
export const SUBMIT_FAILED = 'Something went wrong while completing your application, please try again';
/** Answer to a second submit while one is running (applicant-flow §4, §8). */
export const ALREADY_SUBMITTING = 'Already submitting application';
/** The note of applicant-flow §2.1. */
export const REQUIRED_NOTE = '(*) Marked fields are required';
/** The permission that puts a signed-in user in supervisor mode. */
export const APPLY_ON_BEHALF = 'apply-on-behalf';

type Outcome =
  | { kind: 'applied'; token: string | null; applicationId: number | null; dialogOpen: boolean }
  | { kind: 'previously-applied'; applicationId: number | null }
  | { kind: 'completed' };

export type ApplicationFormProps = {
  /** The id or slug from the address, used for every call. */
  opportunityKey: string;
  opportunity: Opportunity;
  sections: FormSection[];
  organisation: Organisation;
  applicationKey: string | null;
  booking: BookingParams | null;
};

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** `?step=N` (1-based) as a step index; the first step when absent or unreadable. */
export function stepFromParam(value: string | null, count: number): number {
  const parsed = value === null ? 1 : Number.parseInt(value, 10);
  if (!Number.isFinite(parsed) || parsed < 1) {
    return 0;
  }
  return Math.min(parsed, count) - 1;
}

/** The first message per form field of a 422 answer (applicant-flow §5). */
function firstMessages(errors: ApiFieldErrors): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [path, list] of Object.entries(errors)) {
    const field = formFieldOfErrorPath(path);
    const message = list[0];
    if (message && !messages.has(field)) {
      messages.set(field, message);
    }
  }
  return messages;
}

const NEW_PASSWORD_FIELDS = new Set(['new_password', 'new_password_confirm']);

type Field = FieldPath<ApplicationFormValues>;

/**
 * The multi-step application form (applicant-flow §2.1–§2.11): tabs per step, numbered headings,
 * Previous / Next / 'Complete application', step checks (the contract's schema in the browser,
 * then the validate-only dry run), field errors with a summary, the existing-user check and
 * sign-in, the full submit and the closing screens. The step lives in `?step=N` and the answers
 * (never passwords or codes) in sessionStorage, so Back, Forward and reload keep the place.
 */
export function ApplicationForm({
  opportunityKey,
  opportunity,
  sections,
  organisation,
  applicationKey,
  booking,
}: ApplicationFormProps) {
  const { session, signedIn, tokenStore } = useSession();
  const { can } = usePermissions();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusId = useId();

  const mode: ApplicantMode = !signedIn ? 'anonymous' : can(APPLY_ON_BEHALF) ? 'supervisor' : 'self';
  const userId = session?.user.id ?? null;
  const sso = organisation.sso_provider !== null;
  const returnPath = `${location.pathname}${location.search}`;

  const [draft] = useState(() => loadDraft(opportunityKey));
  const [idempotencyKey, setIdempotencyKey] = useState(() => draft.idempotencyKey ?? newIdempotencyKey());
  // The resolver judges with this render's context, assigned below once everything it needs (the
  // sign-in state, the key check) is known; RHF calls the resolver of the latest render.
  // eslint-disable-next-line prefer-const -- declared before useForm, assigned after the hooks it needs
  let validationContext: ValidationContext | undefined;
  const form = useForm<ApplicationFormValues>({
    defaultValues: draft.values,
    // Typing never waits for it: the resolver runs when a step is checked, by then long loaded.
    resolver: async (values, _context, options) =>
      (await loadValidation()).applicationResolver(values, validationContext, options),
  });
  const { control, getValues, setError, clearErrors, reset, subscribe, trigger } = form;
  const errors = form.formState.errors;

  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [frozenStep, setFrozenStep] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [uploads, setUploads] = useState<ReadonlySet<string>>(new Set());
  const [summaryWanted, setSummaryWanted] = useState(0);
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const [passwordDemanded, setPasswordDemanded] = useState(false);
  // The booking the server last named when refusing the dates (422 `existing_booking`).
  const [refusedBooking, setRefusedBooking] = useState<ResidentialBookingSummary | null>(null);

  // Answers are kept for a reload of this tab; saveDraft drops passwords and codes.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          saveDraft(opportunityKey, { values, idempotencyKey });
          // A changed answer is no longer known to be wrong: its message goes until the next check.
          if (name) {
            clearErrors(name as Field);
          }
        },
      }),
    [subscribe, clearErrors, opportunityKey, idempotencyKey],
  );

  // ----------------------------------------------------------------- who is applying
  const profileQuery = useQuery({
    queryKey: ['apply', 'profile', userId],
    queryFn: () => fetchProfile(userId!),
    enabled: mode === 'self' && userId !== null,
    retry: false,
  });
  const profile = profileQuery.data;
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (profile && prefilledFor.current !== profile.id) {
      prefilledFor.current = profile.id;
      reset(prefillFromProfile(getValues(), profile), { keepErrors: false });
    }
  }, [profile, reset, getValues]);

  const email = useWatch({ control, name: 'email' });
  const hasEmailAnswer = useWatch({ control, name: 'has_email' });
  const onRedirect = useCallback((url: string) => leavePage(withReturnPath(url, returnPath)), [returnPath]);
  const checker = useMemo(
    () => (applicationKey !== null ? keyChecker(opportunityKey, applicationKey) : accountChecker),
    [applicationKey, opportunityKey],
  );
  const emailCheck = useEmailCheck({ email, enabled: mode === 'anonymous', onRedirect, checker });
  const checkState = emailCheck.state;

  // A signed-in applicant with an application key: the key must be theirs.
  const profileEmail = profile ? detailsFromProfile(profile).email : '';
  const keyedQuery = useQuery({
    queryKey: ['apply', 'keyed', opportunityKey, applicationKey, profileEmail],
    queryFn: () => fetchKeyedApplication(opportunityKey, applicationKey!, profileEmail),
    enabled: applicationKey !== null && mode === 'self' && profileEmail !== '',
    retry: false,
  });
  const keyed: KeyedApplication | null =
    keyedQuery.data ?? (checkState.status === 'key-matched' ? checkState.application : null);
  const prefilledKey = useRef<KeyedApplication | null>(null);
  useEffect(() => {
    if (keyed && prefilledKey.current !== keyed) {
      prefilledKey.current = keyed;
      reset(mergeKnownFields(getValues(), valuesFromSavedApplication(keyed)), { keepErrors: false });
    }
  }, [keyed, reset, getValues]);
  const keyForbidden = mode === 'self' && isApiError(keyedQuery.error, 403);
  const keyCompleted =
    (mode === 'self' && isApiError(keyedQuery.error, 404)) || checkState.status === 'key-completed';

  // A residential applicant may book again; overlapping bookings are stopped instead (applicant-flow §2.11, §5).
  const previousApplication =
    mode === 'self' && opportunity.type !== RESIDENTIAL_SHORT
      ? profile?.recruitmentApplications?.find(
          (application) => application.active && application.opportunity.id === opportunity.id,
        )
      : undefined;

  /** The applicant is known: their details are locked (signed in, or the key matched). */
  const existingApplicant = mode === 'self' || keyed !== null;
  const lockedDetails: Partial<ProfileDetails> | null = useMemo(() => {
    if (profile) {
      return detailsFromProfile(profile);
    }
    return keyed ? valuesFromSavedApplication(keyed) : null;
  }, [profile, keyed]);

  // ----------------------------------------------------------------- steps
  const passwordShown =
    !sso && mode !== 'supervisor' && (passwordDemanded || (!existingApplicant && mode === 'anonymous'));
  const consentsShown = consentsShownFor(mode, { has_email: hasEmailAnswer });
  const bodyContext: BodyContext = {
    sections,
    mode,
    applicationKey,
    minorAge: organisation.minor_age,
    booking,
    passwordShown,
    consentsShown,
  };
  const motivations = useQuery(publicMotivationsQuery());
  validationContext = {
    body: bodyContext,
    opportunity,
    organisation,
    existingApplicant,
    passwordDemanded,
    motivationIds: motivations.data ? motivations.data.map((motivation) => motivation.id) : null,
    host: typeof window !== 'undefined' ? window.location.hostname : '',
  };

  /** Whether the basic-details step can be left: the existing-user check and sign-in are done. */
  const basicsSettled =
    mode === 'supervisor' ||
    (mode === 'self' && profileQuery.isSuccess && (applicationKey === null || keyedQuery.isSuccess)) ||
    (mode === 'anonymous' && (checkState.status === 'new' || checkState.status === 'key-matched'));
  const basicsPending =
    (mode === 'anonymous' && (checkState.status === 'waiting' || checkState.status === 'checking')) ||
    (mode === 'self' && (profileQuery.isPending || (applicationKey !== null && keyedQuery.isPending)));

  const requestedStep = stepFromParam(searchParams.get('step'), sections.length);
  const urlStep = requestedStep > 0 && !basicsSettled ? 0 : requestedStep;
  const stepIndex = frozenStep ?? urlStep;
  const section = sections[stepIndex]!;
  const isLast = stepIndex === sections.length - 1;
  const waitingForBasics = requestedStep > 0 && !basicsSettled && basicsPending;

  const allErrors = flattenErrors(errors);
  const errorSteps = new Set(
    stepsWithErrors(
      allErrors.map((error) => error.name),
      sections,
    ),
  );
  const currentErrors = errorsOfStep(allErrors, stepIndex, sections);
  // The last step submits everything, so its summary lists the other steps' errors as well.
  // The summary lists the errors once Next or Apply has been pressed; a field checked as it is left
  // (the email address) says what is wrong at the field alone.
  const stepErrors = isLast
    ? [
        ...currentErrors,
        ...sections.flatMap((_, index) =>
          index === stepIndex ? [] : errorsOfStep(allErrors, index, sections),
        ),
      ]
    : currentErrors;
  const summaryErrors = summaryWanted > 0 ? stepErrors : [];

  const hrefForStep = (index: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('step', String(index + 1));
    return `${location.pathname}?${params.toString()}`;
  };
  const moveTo = (index: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('step', String(index + 1));
    setSearchParams(params);
  };

  // Focus follows the step: its heading on a change, or the field an error link asked for.
  const shownStep = useRef(stepIndex);
  useEffect(() => {
    if (shownStep.current === stepIndex) {
      return;
    }
    shownStep.current = stepIndex;
    if (pendingFocus === null) {
      headingRef.current?.focus();
    }
  }, [stepIndex, pendingFocus]);
  useEffect(() => {
    if (pendingFocus === null || stepIndexOfField(pendingFocus, sections) !== stepIndex) {
      return undefined;
    }
    const timer = setTimeout(() => {
      focusField(pendingFocus);
      setPendingFocus(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [pendingFocus, stepIndex, sections]);
  useEffect(() => {
    if (summaryWanted > 0) {
      window.scrollTo?.({ top: 0 });
      (summaryRef.current ?? headingRef.current)?.focus();
    }
  }, [summaryWanted]);

  // The step components load on demand (the first chunk stays small). The form's validation and
  // the next step's code are fetched on the applicant's first key or pointer press, long before
  // they finish the step, so they never compete with the first paint; from then on each step
  // shown fetches the one after it. One step ahead, not all of them: what a press loads stays
  // within a step's budget. A failed fetch is tried again when the step is shown or checked.
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const stop = () => {
      for (const event of events) {
        document.removeEventListener(event, onFirstPress, true);
      }
    };
    function onFirstPress() {
      stop();
      loadValidation().catch(() => undefined);
      setInteracted(true);
    }
    for (const event of events) {
      document.addEventListener(event, onFirstPress, { capture: true, passive: true });
    }
    return stop;
  }, []);
  const nextSection = sections[stepIndex + 1];
  useEffect(() => {
    if (interacted && nextSection) {
      STEP_REGISTRY[nextSection.type].preload().catch(() => undefined);
    }
  }, [interacted, nextSection]);

  const startBusy = () => {
    busyRef.current = true;
    setBusy(true);
    setFrozenStep(stepIndex);
  };
  const endBusy = () => {
    busyRef.current = false;
    setBusy(false);
    setFrozenStep(null);
  };

  /** Sets the server's messages on the steps up to `lastStep`; answers the fields set. */
  const showServerErrors = (messages: Map<string, string>, lastStep: number): string[] => {
    const set: string[] = [];
    for (const [name, message] of messages) {
      if (stepIndexOfField(name, sections) <= lastStep) {
        setError(name as Field, { type: 'server', message });
        set.push(name);
      }
    }
    if ([...messages.keys()].some((name) => NEW_PASSWORD_FIELDS.has(name))) {
      // The account has no password yet and this form needs one: ask for it after all.
      setPasswordDemanded(true);
    }
    return set;
  };

  /**
   * Judges the steps up to `lastStep` in the browser with the contract's schema (through the
   * resolver); answers the fields in error. Messages of those steps are replaced.
   */
  const checkInBrowser = async (lastStep: number): Promise<string[]> => {
    const inScope = (name: string) => stepIndexOfField(name, sections) <= lastStep;
    const names = new Set([
      ...fieldOrder(sections),
      ...flattenErrors(form.formState.errors).map((error) => error.name),
    ]);
    await trigger([...names].filter(inScope) as Field[]);
    return flattenErrors(form.formState.errors)
      .map((error) => error.name)
      .filter(inScope);
  };

  /**
   * The validate-only dry run with the fields of the steps up to `lastStep` (applicant-flow §4).
   * Answers the server's messages, or null when the run failed another way (then handled here).
   */
  const dryRun = async (lastStep: number): Promise<Map<string, string> | null> => {
    const body = buildApplicationBody(getValues(), bodyContext, lastStep);
    try {
      await postApplication(opportunityKey, toFormData(body), { validateOnly: true });
      return new Map();
    } catch (error) {
      if (isApiError(error, 422) || (isApiError(error, 409) && Object.keys(error.errors).length > 0)) {
        setRefusedBooking((await loadValidation()).refusedBookingOf(error.body));
        return firstMessages(error.errors);
      }
      if (isApiError(error, 409)) {
        const answer = error.body as { application_id?: unknown } | undefined;
        setOutcome({
          kind: 'previously-applied',
          applicationId: typeof answer?.application_id === 'number' ? answer.application_id : null,
        });
        return null;
      }
      setFormError(SUBMIT_FAILED);
      return null;
    }
  };

  /** Leaving the step for `target`: a forward move checks every earlier step first. */
  const goToStep = async (target: number) => {
    if (busyRef.current || target === stepIndex || target < 0 || target >= sections.length) {
      return;
    }
    setFormError(null);
    if (target < stepIndex) {
      moveTo(target);
      return;
    }
    if (stepIndex === 0 && !basicsSettled) {
      return;
    }
    startBusy();
    try {
      const lastStep = target - 1;
      const inBrowser = await checkInBrowser(lastStep);
      if (inBrowser.some((name) => stepIndexOfField(name, sections) === stepIndex)) {
        setSummaryWanted((count) => count + 1);
        return;
      }
      const messages = await dryRun(lastStep);
      if (messages === null) {
        return;
      }
      const set = showServerErrors(messages, lastStep);
      if (set.some((name) => stepIndexOfField(name, sections) === stepIndex)) {
        setSummaryWanted((count) => count + 1);
        return;
      }
      moveTo(target);
    } finally {
      endBusy();
    }
  };

  const submit = async () => {
    setFormError(null);
    startBusy();
    try {
      const inBrowser = await checkInBrowser(sections.length - 1);
      if (inBrowser.length > 0) {
        setSummaryWanted((count) => count + 1);
        return;
      }
      const body = buildApplicationBody(getValues(), bodyContext);
      let answer;
      try {
        answer = await postApplication(opportunityKey, toFormData(body), {
          validateOnly: false,
          idempotencyKey,
        });
      } catch (error) {
        // The key went with other answers before (a retry after changing them): send once more under a new key.
        if (!(isApiError(error, 409) && error.message === applicationMessages.idempotencyMismatch)) {
          throw error;
        }
        const fresh = newIdempotencyKey();
        setIdempotencyKey(fresh);
        answer = await postApplication(opportunityKey, toFormData(body), {
          validateOnly: false,
          idempotencyKey: fresh,
        });
      }
      clearDraft(opportunityKey);
      setOutcome({
        kind: 'applied',
        token: answer?.token ?? null,
        applicationId: answer?.application_id ?? null,
        dialogOpen: true,
      });
    } catch (error) {
      if (isApiError(error, 422) || (isApiError(error, 409) && Object.keys(error.errors).length > 0)) {
        setRefusedBooking((await loadValidation()).refusedBookingOf(error.body));
        const messages = firstMessages(error.errors);
        showServerErrors(messages, sections.length - 1);
        if (messages.size === 0) {
          setFormError(SUBMIT_FAILED);
        }
        setSummaryWanted((count) => count + 1);
      } else if (isApiError(error, 409)) {
        const answer = error.body as { application_id?: unknown } | undefined;
        clearDraft(opportunityKey);
        setOutcome({
          kind: 'previously-applied',
          applicationId: typeof answer?.application_id === 'number' ? answer.application_id : null,
        });
      } else if (isApiError(error, 404) && applicationKey !== null) {
        clearDraft(opportunityKey);
        setOutcome({ kind: 'completed' });
      } else {
        // The key is kept: if the server did write the application, a retry answers that result.
        setFormError(SUBMIT_FAILED);
        setSummaryWanted((count) => count + 1);
      }
    } finally {
      endBusy();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) {
      setFormError(ALREADY_SUBMITTING);
      return;
    }
    if (uploads.size > 0) {
      return;
    }
    if (isLast) {
      void submit();
    } else {
      void goToStep(stepIndex + 1);
    }
  };

  const selectError = (name: string) => {
    const step = stepIndexOfField(name, sections);
    if (step === stepIndex) {
      focusField(name);
    } else if (!busyRef.current) {
      setPendingFocus(name);
      moveTo(step);
    }
  };

  const onUploadingChange = useCallback(
    (key: string, uploading: boolean) => {
      setUploads((current) => {
        if (current.has(key) === uploading) {
          return current;
        }
        const next = new Set(current);
        if (uploading) {
          next.add(key);
        } else {
          next.delete(key);
        }
        return next;
      });
    },
    [setUploads],
  );

  /** 'Not {display name}?' and the key's log-out: forget this tab's answers, then sign out. */
  const leave = () => {
    clearDraft(opportunityKey);
    signOut(tokenStore, returnPath);
  };

  // ----------------------------------------------------------------- closing and blocking screens
  const title = `Apply for ${opportunity.display_name}`;
  if (outcome?.kind === 'applied') {
    return (
      <>
        <DocumentTitle>{`Application sent – ${title}`}</DocumentTitle>
        <SubmittedScreen opportunity={opportunity} token={outcome.token} />
        {outcome.dialogOpen ? (
          <ThankYouDialog
            opportunity={opportunity}
            token={outcome.token}
            onClose={() => setOutcome({ ...outcome, dialogOpen: false })}
          />
        ) : null}
      </>
    );
  }
  if (outcome?.kind === 'previously-applied' || previousApplication) {
    return (
      <>
        <DocumentTitle>{`Previously applied – ${title}`}</DocumentTitle>
        <PreviouslyAppliedScreen
          applicationId={
            outcome?.kind === 'previously-applied' ? outcome.applicationId : (previousApplication?.id ?? null)
          }
          opportunityType={opportunity.type}
        />
      </>
    );
  }
  if (outcome?.kind === 'completed' || keyCompleted) {
    return (
      <>
        <DocumentTitle>{`Application completed – ${title}`}</DocumentTitle>
        <AlreadyCompletedScreen />
      </>
    );
  }
  if (keyForbidden) {
    return (
      <div className="apply-screen">
        <DocumentTitle>{`Log out to continue – ${title}`}</DocumentTitle>
        <h2>This application belongs to someone else</h2>
        <p>
          You are signed in as {session?.user.display_name ?? 'another user'}. Please log out to continue with
          this application.
        </p>
        <button type="button" className="apply-button apply-button--primary" onClick={leave}>
          Log out
        </button>
      </div>
    );
  }

  // ----------------------------------------------------------------- the form
  const heading = stepHeading(stepIndex, section);
  const nextHidden = stepIndex === 0 && !basicsSettled;
  const working = busy || uploads.size > 0;
  const incomplete = [...errorSteps].filter((step) => step !== stepIndex);
  const statusText = stepStatusText(stepIndex, sections, [...errorSteps]);
  const stepProps: StepProps = {
    section,
    sections,
    stepIndex,
    opportunity,
    organisation,
    mode,
    applicationKey,
    booking,
    refusedBooking,
    onUploadingChange,
    applicant: {
      displayName: session?.user.display_name ?? null,
      lockedDetails: existingApplicant ? lockedDetails : null,
      emailCheck: checkState,
      onRetryEmailCheck: emailCheck.retry,
      onSignedIn: () => setFormError(null),
      onSignOut: leave,
      returnPath,
      settled: basicsSettled,
      profileFailed: profileQuery.isError,
    },
    navigation: {
      incompleteSteps: incomplete,
      hrefForStep,
      onGoToStep: (index) => void goToStep(index),
    },
    motivations: motivations.data ?? [],
    consentsShown,
    passwordShown,
    passwordInputs: [email, getValues('first_name'), getValues('last_name')].filter(Boolean),
  };
  const { Component: StepComponent } = STEP_REGISTRY[section.type];

  return (
    <FormProvider {...form}>
      <DocumentTitle>{`${summaryErrors.length > 0 || formError ? 'Error: ' : ''}${heading} – ${title}`}</DocumentTitle>
      <StepTabs
        sections={sections}
        current={stepIndex}
        errorSteps={errorSteps}
        hrefFor={hrefForStep}
        onSelect={(index) => void goToStep(index)}
        disabled={busy || (stepIndex === 0 && !basicsSettled)}
      />
      <form className="apply-form" noValidate onSubmit={onSubmit} aria-labelledby={`${statusId}-heading`}>
        <ErrorSummary errors={summaryErrors} onSelect={selectError} summaryRef={summaryRef} />
        {formError ? (
          <div className="apply-alert apply-alert--error" role="alert">
            <p>{formError}</p>
          </div>
        ) : null}
        {/* The heading waits with the step's code, so that it never names a step not yet shown. */}
        <Suspense fallback={<Spinner label="Loading this step…" showLabel />}>
          <h2
            id={`${statusId}-heading`}
            ref={headingRef}
            tabIndex={-1}
            className="apply-form__heading"
            aria-describedby={statusId}
          >
            {heading}
          </h2>
          <p id={statusId} className="visually-hidden">
            {statusText}
          </p>
          <p className="apply-form__required-note">{REQUIRED_NOTE}</p>
          {waitingForBasics ? (
            <Spinner label="Loading your application…" showLabel />
          ) : (
            <StepComponent {...stepProps} />
          )}
        </Suspense>
        <div className="apply-form__actions">
          {stepIndex > 0 ? (
            <button
              type="button"
              className="apply-button apply-button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => void goToStep(stepIndex - 1)}
            >
              Previous
            </button>
          ) : null}
          {nextHidden ? null : (
            <SaveButton
              type="submit"
              className="apply-button apply-button--primary"
              state={working ? SAVE_BUTTON_STATE.busy : SAVE_BUTTON_STATE.idle}
              busyLabel="Please wait..."
            >
              {isLast ? 'Complete application' : 'Next'}
            </SaveButton>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
