import {
  consentMessages,
  type UserConsent,
  type UserConsentListResponse,
  CHANGE_USER_DETAILS,
} from '@muster/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConsentQuestion } from '../../../components/ui/consent-question/consent-question';
import {
  consentQuestionError,
  type ConsentAnswer,
} from '../../../components/ui/consent-question/consent-answer';
import {
  SAVE_BUTTON_STATE,
  SaveButton,
  type SaveButtonState,
} from '../../../components/ui/save-button/save-button';
import { isApiError } from '../../../lib/api/errors';
import { consentsQuery } from '../queries';
import { useSession } from '../../../lib/session';
import { changedConsents } from './consent-changes';
import { updateUserConsent } from './consents-api';
import '../../../components/ui/form-feedback/form-feedback.css';
import './consents-panel.css';

/** How long the button says "Saved!" before it is ready again. */
export const SAVED_FOR_MS = 2000;

/**
 * The privacy and consent panel (applicant-flow §2.12): every consent question with its answer
 * and history, and one save button (idle, busy, saved) that sends the changed answers one at a
 * time, in order. Only the user themself or a holder of `changeUserDetails` may change them;
 * anyone else sees the answers read-only.
 */
export function ConsentsPanel({ userId }: { userId: number }) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const { session } = useSession();
  const editable =
    session !== null &&
    (session.user.id === userId || session.user.permissions.includes(CHANGE_USER_DETAILS));
  const queryClient = useQueryClient();
  const query = useQuery(consentsQuery(userId));
  const [answers, setAnswers] = useState<Record<number, ConsentAnswer>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [validate, setValidate] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [state, setState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);

  useEffect(() => {
    if (state !== SAVE_BUTTON_STATE.saved) {
      return undefined;
    }
    const timer = window.setTimeout(() => setState(SAVE_BUTTON_STATE.idle), SAVED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const heading = (
    <h2 id={headingId} className="consents-panel__heading">
      Privacy and consent
    </h2>
  );
  if (query.isPending) {
    return (
      <section className="consents-panel" aria-labelledby={headingId} aria-busy="true">
        {heading}
        <p>Loading your consents…</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="consents-panel" aria-labelledby={headingId}>
        {heading}
        <p role="alert">
          {isApiError(query.error, 403)
            ? 'You do not have permission to see these consents.'
            : isApiError(query.error, 404)
              ? 'This user does not exist.'
              : 'We could not load the consents. Please reload the page.'}
        </p>
      </section>
    );
  }

  const consents = query.data.data.data;
  const answerOf = (consent: UserConsent): ConsentAnswer =>
    consent.id in answers ? (answers[consent.id] ?? null) : consent.answer;

  /** Keeps the server's copy of one consent in the cached list. */
  function remember(saved: UserConsent) {
    queryClient.setQueryData<UserConsentListResponse>(consentsQuery(userId).queryKey, (previous) =>
      previous
        ? { data: { data: previous.data.data.map((consent) => (consent.id === saved.id ? saved : consent)) } }
        : previous,
    );
    setAnswers((current) => {
      const { [saved.id]: _sent, ...rest } = current;
      return rest;
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== SAVE_BUTTON_STATE.idle) {
      return;
    }
    setAlert(null);
    setErrors({});
    setValidate(true);
    if (consents.some((consent) => consentQuestionError(consent, answerOf(consent)) !== null)) {
      return;
    }
    const bodies = changedConsents(consents, answers);
    setState(SAVE_BUTTON_STATE.busy);
    // One at a time, in order (applicant-flow §7): a failure stops the rest, and what was saved stays saved.
    for (const body of bodies) {
      try {
        const answer = await updateUserConsent(userId, body);
        remember(answer.data.data);
      } catch (error) {
        const message = isApiError(error, 422) ? error.errors.answer?.[0] : undefined;
        if (message) {
          setErrors({ [body.id]: message });
        }
        setAlert(consentMessages.saveFailed);
        setState(SAVE_BUTTON_STATE.idle);
        return;
      }
    }
    setValidate(false);
    setState(SAVE_BUTTON_STATE.saved);
  }

  return (
    <section className="consents-panel" aria-labelledby={headingId}>
      {heading}
      {consents.length === 0 ? <p>There are no consents to answer.</p> : null}
      {!editable && consents.length > 0 ? (
        <p className="consents-panel__read-only">You can see these answers but not change them.</p>
      ) : null}
      <form className="consents-panel__form" noValidate onSubmit={(event) => void save(event)}>
        {consents.map((consent) => (
          <ConsentQuestion
            key={consent.id}
            question={consent}
            answer={answerOf(consent)}
            validate={validate}
            error={errors[consent.id] ?? null}
            disabled={!editable}
            onChange={(next) => {
              setAnswers((current) => ({ ...current, [consent.id]: next }));
              setState((current) => (current === SAVE_BUTTON_STATE.saved ? SAVE_BUTTON_STATE.idle : current));
            }}
          />
        ))}
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        {editable && consents.length > 0 ? <SaveButton state={state}>Save consents</SaveButton> : null}
      </form>
    </section>
  );
}
