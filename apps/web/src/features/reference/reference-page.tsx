import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  useForm,
  type FieldError,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useParams } from 'react-router';
import {
  buildReferenceAnswersSchema,
  referenceMessages,
  type ReferenceForm,
  type ReferenceFormQuestion,
} from '@muster/contract';
import { DocumentTitle } from '../../components/ui/document-title/document-title';
import { Spinner } from '../../components/ui/spinner/spinner';
import { isApiError } from '../../lib/api/errors';
import { fetchReferenceForm, postReference } from './api';
import '../../components/ui/primary-button/primary-button.css';
import './reference-page.css';

/** The alert for a failure that is not the referee's doing. */
export const REFERENCE_SEND_FAILED = 'Something went wrong while sending your reference, please try again';

/** The form's answers by `q{questionId}` (a key of digits alone would make react-hook-form build an array). */
export type ReferenceValues = { answers: Record<string, string> };

const keyOf = (questionId: number | string) => `q${questionId}`;

/** The answers as the API takes them: by question id. */
export function answersBody(values: ReferenceValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values.answers ?? {}).map(([key, value]) => [key.slice(1), value]),
  );
}

/** Judges the answers with the contract's schema (the one the server checks a post with). */
export function referenceResolver(questions: readonly ReferenceFormQuestion[]): Resolver<ReferenceValues> {
  const schema = buildReferenceAnswersSchema(questions);
  return (values) => {
    const result = schema.safeParse({ answers: answersBody(values) });
    if (result.success) {
      return { values, errors: {} };
    }
    const answers: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const key = keyOf(String(issue.path[1]));
      answers[key] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors: { answers } as FieldErrors<ReferenceValues> };
  };
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function Required({ required }: { required: boolean }) {
  return required ? (
    <>
      {' '}
      <span className="reference-field__required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">(required)</span>
    </>
  ) : null;
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="reference-field__error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  ) : null;
}

/** One question: a textarea for `text`, Yes and No radio buttons for `yes-no`. */
function Question({
  question,
  registration,
  error,
}: {
  question: ReferenceFormQuestion;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const id = `reference-question-${question.id}`;
  const errorId = `${id}-error`;
  const className = `reference-field${error ? ' reference-field--error' : ''}`;
  if (question.type === 'yes-no') {
    return (
      <fieldset className={className} aria-describedby={describedBy(error && errorId)}>
        <legend className="reference-field__label">
          {question.question}
          <Required required={question.compulsory} />
        </legend>
        <FieldMessage id={errorId} message={error} />
        <div className="reference-field__choices">
          {(['yes', 'no'] as const).map((choice, index) => (
            <div key={choice} className="reference-field__choice">
              <input
                id={index === 0 ? id : `${id}-${choice}`}
                type="radio"
                value={choice}
                aria-invalid={error ? true : undefined}
                {...registration}
              />
              <label htmlFor={index === 0 ? id : `${id}-${choice}`}>{choice === 'yes' ? 'Yes' : 'No'}</label>
            </div>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className="reference-field__label">
        {question.question}
        <Required required={question.compulsory} />
      </label>
      <FieldMessage id={errorId} message={error} />
      <textarea
        id={id}
        className="reference-field__input"
        rows={6}
        aria-required={question.compulsory || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...registration}
      />
    </div>
  );
}

/** The questions and the send button; answers once, then thanks the referee. */
function ReferenceAnswers({ token, form }: { token: string; form: ReferenceForm }) {
  const applicant = `${form.applicant.first_name} ${form.applicant.last_name}`;
  const [outcome, setOutcome] = useState<'sent' | { closed: string } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReferenceValues>({
    resolver: referenceResolver(form.questions),
    defaultValues: {
      answers: Object.fromEntries(form.questions.map((question) => [keyOf(question.id), ''])),
    },
  });

  useEffect(() => {
    if (alert) {
      alertRef.current?.focus();
    }
  }, [alert]);
  useEffect(() => {
    if (outcome !== null) {
      doneRef.current?.focus();
    }
  }, [outcome]);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await postReference(token, answersBody(values));
      setOutcome('sent');
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        let first = true;
        for (const [path, messages] of Object.entries(error.errors)) {
          const questionId = path.split('.')[1];
          if (questionId && messages[0]) {
            setError(
              `answers.${keyOf(questionId)}`,
              { type: 'server', message: messages[0] },
              { shouldFocus: first },
            );
            first = false;
          }
        }
      } else if (isApiError(error, 410) || isApiError(error, 404)) {
        setOutcome({ closed: error.message });
      } else {
        setAlert(REFERENCE_SEND_FAILED);
      }
    }
  });

  if (outcome === 'sent') {
    return (
      <>
        <DocumentTitle>{`Reference sent – ${applicant}`}</DocumentTitle>
        <h1 ref={doneRef} tabIndex={-1}>
          Thank you
        </h1>
        <p role="status">
          Your reference for {applicant} has been sent to {form.organisation.name}.
        </p>
      </>
    );
  }
  if (outcome !== null) {
    return (
      <>
        <DocumentTitle>Reference link no longer works – Muster</DocumentTitle>
        <h1 ref={doneRef} tabIndex={-1}>
          This reference link no longer works
        </h1>
        <p role="alert">{outcome.closed}</p>
      </>
    );
  }
  const compulsory = form.questions.some((question) => question.compulsory);
  const anyError = Object.keys(errors.answers ?? {}).length > 0;
  return (
    <>
      <DocumentTitle>{`${anyError ? 'Error: ' : ''}Reference for ${applicant} – Muster`}</DocumentTitle>
      <h1>Reference for {applicant}</h1>
      <p>
        Dear {form.referee.first_name}, {applicant} has applied to {form.organisation.name} for{' '}
        <strong>{form.opportunity.display_name}</strong> and named you as a referee. Please answer the
        questions below. This link works once.
      </p>
      {alert ? (
        <div className="reference-alert" role="alert" tabIndex={-1} ref={alertRef}>
          <p>{alert}</p>
        </div>
      ) : null}
      <form className="reference-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {compulsory ? <p className="reference-form__note">(*) Marked fields are required</p> : null}
        {form.questions.map((question) => (
          <Question
            key={question.id}
            question={question}
            registration={register(`answers.${keyOf(question.id)}`)}
            error={errors.answers?.[keyOf(question.id)]?.message}
          />
        ))}
        <button type="submit" className="primary-button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Please wait...' : 'Send reference'}
        </button>
      </form>
    </>
  );
}

/**
 * `/reference/{token}`: the page a reference request email links to (applicant-flow §2.7). It
 * shows whom the reference is for and the organisation's reference questions, and sends the
 * answers once. A link that is unknown, used or expired says so.
 */
export function ReferencePage() {
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['reference', token],
    queryFn: () => fetchReferenceForm(token),
    retry: false,
  });

  let body;
  if (query.isPending) {
    body = <Spinner label="Loading the reference form…" showLabel />;
  } else if (isApiError(query.error, 404) || isApiError(query.error, 410)) {
    const gone = isApiError(query.error, 410);
    body = (
      <>
        <DocumentTitle>{`${gone ? 'Reference link no longer works' : 'Reference link not valid'} – Muster`}</DocumentTitle>
        <h1>{gone ? 'This reference link no longer works' : 'This reference link is not valid'}</h1>
        <p>{query.error.message || referenceMessages.unknownLink}</p>
      </>
    );
  } else if (!query.data) {
    body = (
      <>
        <DocumentTitle>Reference form unavailable – Muster</DocumentTitle>
        <h1>Reference form unavailable</h1>
        <p role="alert">The reference form could not be loaded. Please reload the page to try again.</p>
      </>
    );
  } else {
    body = <ReferenceAnswers token={token} form={query.data} />;
  }
  return <section className="page reference-page">{body}</section>;
}
