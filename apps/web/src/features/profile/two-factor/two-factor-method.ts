import type { TwoFactorSettingsMethod } from '@muster/contract';

/** The methods as the page names them (applicant-flow §2.12); the calls want hyphens. */
export type PanelMethod = 'email' | 'sms' | 'auth_app';

/** How each method is labelled on the page. */
export const METHOD_LABELS: Record<PanelMethod, string> = {
  email: 'Email',
  sms: 'SMS (text message)',
  auth_app: 'Authenticator app',
};

/** The methods on offer: SMS only where the server can send texts. */
export function offeredMethods(smsAvailable: boolean): PanelMethod[] {
  return smsAvailable ? ['email', 'sms', 'auth_app'] : ['email', 'auth_app'];
}

/** `auth_app` as the settings calls spell it (`auth-app`). */
export const toCallMethod = (method: PanelMethod): TwoFactorSettingsMethod =>
  method.replace(/_/g, '-') as TwoFactorSettingsMethod;

/** A method as the settings calls answer it, named as the page names it. */
export const fromCallMethod = (method: TwoFactorSettingsMethod): PanelMethod =>
  method.replace(/-/g, '_') as PanelMethod;
