import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrganisationResponse, TwoFactorMethodName } from '@muster/contract';
import { ssoRedirectHref } from '../../lib/api/calls/auth';
import { api } from '../../lib/api/catalogue-client';
import { safeIntendedPath } from '../../lib/auth/auth-api';
import { useSession } from '../../lib/session/session-context';
import { CodeForm } from './code-form';
import { CredentialsForm } from './credentials-form';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';
import './login-page.css';

type Step =
  | { name: 'credentials' }
  | { name: 'code'; token: string; method: Exclude<TwoFactorMethodName, 'magic_link'> }
  | { name: 'magic-link' };

/**
 * Portal sign-in: email and password, then the second factor when the account has one (a 6-digit
 * code for email, SMS and authenticator app; an emailed link for magic_link). Afterwards the
 * browser goes to `intended` when it is a path on this site, else to /portal. A magic or login
 * link arriving with `#token=` is taken by the session provider and finishes here too.
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const intended = searchParams.get('intended');
  const navigate = useNavigate();
  const { signedIn, tokenFromLink } = useSession();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const organisation = useQuery({
    queryKey: ['organisation', 'detailed'],
    queryFn: (): Promise<OrganisationResponse> => api.organisation.detailed.index(undefined, { auth: false }),
    staleTime: 5 * 60_000,
  });
  const ssoProvider = organisation.data?.data.sso_provider ?? null;
  // The provider sends failures back as `#sso_error=…` (the callback never puts details in the query).
  const [ssoFailed] = useState(() => /(^#|&)sso_error=/.test(window.location.hash));

  const finish = () => {
    void navigate(safeIntendedPath(intended), { replace: true });
  };

  useEffect(() => {
    if (tokenFromLink && signedIn) {
      void navigate(safeIntendedPath(intended), { replace: true });
    }
  }, [tokenFromLink, signedIn, intended, navigate]);

  useEffect(() => {
    // A new step replaces the form the user was in: move them to its heading.
    if (step.name !== 'credentials') {
      stepHeading.current?.focus();
    }
  }, [step]);

  return (
    <section className="page login-page">
      <h1>Sign in</h1>
      {ssoFailed ? (
        <p className="form-alert" role="alert">
          Signing in through your organisation did not complete. Please try again.
        </p>
      ) : null}
      {ssoProvider ? (
        // Users of a single-sign-on organisation have no password here: they sign in at the provider.
        <p>
          <a
            className="login-form__submit primary-button"
            href={ssoRedirectHref(safeIntendedPath(intended))}
          >
            Sign in with {ssoProvider.name}
          </a>
        </p>
      ) : null}
      {step.name === 'credentials' && !ssoProvider ? (
        <CredentialsForm
          intended={intended ? safeIntendedPath(intended) : undefined}
          onSignedIn={finish}
          onTwoFactor={(token, method) =>
            setStep(method === 'magic_link' ? { name: 'magic-link' } : { name: 'code', token, method })
          }
        />
      ) : null}
      {step.name === 'code' ? (
        <CodeForm
          headingRef={stepHeading}
          token={step.token}
          method={step.method}
          onSignedIn={finish}
          onStartAgain={() => setStep({ name: 'credentials' })}
        />
      ) : null}
      {step.name === 'magic-link' ? (
        <div className="login-page__step">
          <h2 ref={stepHeading} tabIndex={-1}>
            Check your email
          </h2>
          <p>We have emailed you a link to sign in. Open the link in that email to continue.</p>
          <button type="button" className="login-page__link-button" onClick={() => setStep({ name: 'credentials' })}>
            Sign in with a different account
          </button>
        </div>
      ) : null}
    </section>
  );
}
