import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { API_MEDIA_TYPE, type FormSection } from '@muster/contract';
import { SessionProvider } from '../../../lib/session/session-context';
import { emptyValues, type ApplicationFormValues } from '../form-values';
import { opportunityFixture, organisationFixture } from '../test-fixtures';
import { applicationResolver, type ValidationContext } from '../validation';
import type { StepProps } from './step-props';

/* Rendering one step of the application form in a test, as the form shell would. Only tests use it. */

/** The address a stubbed `fetch` was called with, resolved against the test page's origin. */
export function requestUrl(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

/** An API answer as the server sends it: `body` as JSON with the API's media type. */
export function apiResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': API_MEDIA_TYPE } });
}

/**
 * The props the form shell gives `section`'s step: the only step of the fixtures' opportunity,
 * for an anonymous applicant whose sign-in is settled; `overrides` set what a test is about.
 */
export function stepProps(section: FormSection, overrides: Partial<StepProps> = {}): StepProps {
  const opportunity = overrides.opportunity ?? opportunityFixture;
  return {
    section,
    sections: [section],
    stepIndex: 0,
    opportunity,
    organisation: organisationFixture,
    mode: 'anonymous',
    applicationKey: null,
    booking: null,
    onUploadingChange: () => undefined,
    applicant: {
      displayName: null,
      lockedDetails: null,
      emailCheck: { status: 'idle' },
      onRetryEmailCheck: () => undefined,
      onSignedIn: () => undefined,
      onSignOut: () => undefined,
      returnPath: `/apply/${opportunity.slug}`,
      settled: true,
      profileFailed: false,
    },
    navigation: { incompleteSteps: [], hrefForStep: () => '', onGoToStep: () => undefined },
    motivations: [],
    consentsShown: true,
    passwordShown: false,
    passwordInputs: [],
    ...overrides,
  };
}

function StepForm({
  children,
  values,
  validation,
  onForm,
}: {
  children: ReactNode;
  values: ApplicationFormValues;
  validation: ValidationContext | undefined;
  onForm: (form: UseFormReturn<ApplicationFormValues>) => void;
}) {
  const form = useForm<ApplicationFormValues>({
    defaultValues: values,
    // The application form's resolver: the contract's schema over the whole body.
    resolver: validation
      ? (answers, _context, options) => applicationResolver(answers, validation, options)
      : undefined,
  });
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return <FormProvider {...form}>{children}</FormProvider>;
}

/**
 * Renders a step inside the form shell's providers: a query client that does not retry, the
 * session, and the form with `values` over the empty answers. With `validation` the form checks
 * answers as the page does; without, it checks nothing. `form()` is the form once rendered.
 */
export function renderStep(
  step: ReactElement,
  options: { values?: Partial<ApplicationFormValues>; validation?: ValidationContext } = {},
) {
  let form: UseFormReturn<ApplicationFormValues> | null = null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <StepForm
          values={{ ...emptyValues(), ...options.values }}
          validation={options.validation}
          onForm={(value) => (form = value)}
        >
          {step}
        </StepForm>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return {
    ...view,
    form: (): UseFormReturn<ApplicationFormValues> => {
      if (!form) {
        throw new Error('the form did not render');
      }
      return form;
    },
  };
}
