import type { ApplicantProfile, KeyedApplication } from './api';
import { aboutYouDefaults, type AboutYouValues } from './steps/about-you/body';
import { addressDetailsDefaults, type AddressDetailsValues } from './steps/address-details/body';
import { basicDetailsDefaults, type BasicDetailsValues } from './steps/basic-details/body';
import { diversityDefaults, type DiversityValues } from './steps/diversity/body';
import { motivationDefaults, type MotivationValues } from './steps/motivation/body';
import { referencesDefaults, refereesFromSaved, type ReferencesValues } from './steps/references/body';
import { residentialDefaults, type ResidentialValues } from './steps/residential/body';
import { reviewApplyDefaults, type ReviewApplyValues } from './steps/review-apply/body';
import {
  suppliedDocumentsOf,
  supportingDocumentsDefaults,
  type SupportingDocumentsValues,
} from './steps/supporting-documents/body';

export type YesNo = '' | 'yes' | 'no';

/**
 * The answers of the application form as the page holds them (applicant-flow §3.1): each step
 * type's answers, declared in its `steps/<type>/body.ts`. Names follow the API's fields; consent
 * answers are kept per question and flattened into the list of answer ids only when sent.
 */
export type ApplicationFormValues = BasicDetailsValues &
  MotivationValues &
  AddressDetailsValues &
  AboutYouValues &
  SupportingDocumentsValues &
  ReferencesValues &
  ResidentialValues &
  DiversityValues &
  ReviewApplyValues;

/** Fields never written to sessionStorage: passwords and codes stay in memory only. */
export const SECRET_FIELDS = ['password', 'code', 'new_password', 'new_password_confirm'] as const;

/** An empty form. */
export function emptyValues(): ApplicationFormValues {
  return {
    ...basicDetailsDefaults(),
    ...motivationDefaults(),
    ...addressDetailsDefaults(),
    ...aboutYouDefaults(),
    ...supportingDocumentsDefaults(),
    ...referencesDefaults(),
    ...residentialDefaults(),
    ...diversityDefaults(),
    ...reviewApplyDefaults(),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The storage key of one opportunity's answers in this tab. */
export function draftKey(opportunityId: string): string {
  return `muster.apply.${opportunityId}`;
}

function sessionStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** What is kept per tab: the answers without secrets, and the submit's idempotency key. */
export type Draft = { values: Partial<ApplicationFormValues>; idempotencyKey?: string };

/** Writes the answers (never the passwords or codes) for a reload of this tab. */
export function saveDraft(opportunityId: string, draft: Draft, storage: Storage | null = sessionStore()): void {
  if (!storage) {
    return;
  }
  const values: Record<string, unknown> = { ...draft.values };
  for (const field of SECRET_FIELDS) {
    delete values[field];
  }
  try {
    storage.setItem(draftKey(opportunityId), JSON.stringify({ ...draft, values }));
  } catch {
    // Full or blocked storage: a reload then starts empty, nothing worse.
  }
}

/** The answers kept by {@link saveDraft}, merged over an empty form; secrets always start empty. */
export function loadDraft(opportunityId: string, storage: Storage | null = sessionStore()): { values: ApplicationFormValues; idempotencyKey: string | null } {
  const values = emptyValues();
  let idempotencyKey: string | null = null;
  try {
    const raw = storage?.getItem(draftKey(opportunityId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (isRecord(parsed)) {
      if (typeof parsed.idempotencyKey === 'string') {
        idempotencyKey = parsed.idempotencyKey;
      }
      if (isRecord(parsed.values)) {
        Object.assign(values, mergeKnownFields(values, parsed.values));
      }
    }
  } catch {
    // Unreadable draft: start empty.
  }
  return { values, idempotencyKey };
}

/**
 * `values` with the fields of `source` that the form knows and that have the same kind (text,
 * list or map) as the form's own; secrets are never taken. Used for stored drafts and for the
 * application an application key opens, so that old or unexpected data cannot break the form.
 */
export function mergeKnownFields(values: ApplicationFormValues, source: Record<string, unknown>): ApplicationFormValues {
  const merged = { ...values } as Record<string, unknown>;
  for (const [field, current] of Object.entries(values)) {
    const value = source[field];
    if ((SECRET_FIELDS as readonly string[]).includes(field) || value === undefined || value === null) {
      continue;
    }
    const sameKind = Array.isArray(current) ? Array.isArray(value) : isRecord(current) ? isRecord(value) : typeof value === typeof current;
    if (sameKind) {
      merged[field] = value;
    }
  }
  return merged as ApplicationFormValues;
}

/** Forgets this tab's answers (after a successful submit). */
export function clearDraft(opportunityId: string, storage: Storage | null = sessionStore()): void {
  try {
    storage?.removeItem(draftKey(opportunityId));
  } catch {
    // Nothing to do.
  }
}

function primary<T extends { primary: boolean }>(list: readonly T[] | undefined): T | undefined {
  return list?.find((item) => item.primary) ?? list?.[0];
}

/** Attribute values from the profile, whether sent as a slug map or as a list of `{slug|attribute.slug, value}`. */
export function profileAttributeValues(attributes: unknown): Record<string, unknown> {
  if (Array.isArray(attributes)) {
    const values: Record<string, unknown> = {};
    for (const entry of attributes) {
      if (!isRecord(entry)) {
        continue;
      }
      const slug = typeof entry.slug === 'string' ? entry.slug : isRecord(entry.attribute) && typeof entry.attribute.slug === 'string' ? entry.attribute.slug : null;
      if (slug) {
        values[slug] = entry.value;
      }
    }
    return values;
  }
  return isRecord(attributes) ? { ...attributes } : {};
}

/** The profile fields that lock the personal details once signed in (applicant-flow §2.2). */
export type ProfileDetails = Pick<
  ApplicationFormValues,
  'email' | 'title' | 'first_name' | 'last_name' | 'contact_number' | 'contact_number_formatted' | 'contact_number_country_code' | 'dob'
>;

/** The personal details a profile supplies; empty strings where it has none. */
export function detailsFromProfile(profile: ApplicantProfile): ProfileDetails {
  const email = primary(profile.emailAddresses)?.email ?? '';
  const phone = primary(profile.phoneNumbers);
  return {
    email,
    title: profile.title ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    contact_number: phone?.phone_number ?? '',
    contact_number_formatted: phone?.phone_number ?? '',
    contact_number_country_code: phone?.country_code ?? '',
    dob: profile.dob ?? '',
  };
}

/** The answers an application key's saved application holds, in the form's shape. */
export function valuesFromSavedApplication(saved: KeyedApplication): Partial<ApplicationFormValues> {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    email: text(saved.email),
    email_confirm: text(saved.email),
    title: text(saved.title),
    first_name: saved.first_name,
    last_name: saved.last_name,
    dob: text(saved.dob),
    contact_number: text(saved.contact_number),
    contact_number_formatted: text(saved.contact_number),
    contact_number_country_code: text(saved.contact_number_country_code),
    parents_first_name: text(saved.parents_first_name),
    parents_last_name: text(saved.parents_last_name),
    parents_email: text(saved.parents_email),
    why: text(saved.why),
    motivation: saved.motivation === null ? '' : String(saved.motivation),
    special_requirements_bool: saved.special_requirements_bool ?? '',
    special_requirements: text(saved.special_requirements),
    right_to_volunteer: saved.right_to_volunteer ?? '',
    questions: saved.questions,
    additional_consent: saved.additional_consent,
    references: refereesFromSaved(saved.references),
    documents: suppliedDocumentsOf(saved.documents),
  };
}

/**
 * The form after signing in: personal details and known attribute values from the profile; the
 * email is confirmed by being the account's own. Answers given in the form so far are kept.
 */
export function prefillFromProfile(values: ApplicationFormValues, profile: ApplicantProfile): ApplicationFormValues {
  const details = detailsFromProfile(profile);
  const attributes = profileAttributeValues(profile.attributes);
  const merged: ApplicationFormValues = { ...values };
  for (const [field, value] of Object.entries(details) as [keyof ProfileDetails, string][]) {
    if (value !== '') {
      merged[field] = value;
    }
  }
  if (details.email !== '') {
    merged.email_confirm = details.email;
  }
  const answers = { ...values.attributes };
  for (const [slug, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== '' && (answers[slug] === undefined || answers[slug] === null || answers[slug] === '')) {
      answers[slug] = value;
    }
  }
  merged.attributes = answers;
  // Documents supplied with earlier applications are not asked again (applicant-flow §2.6).
  merged.documents = suppliedDocumentsOf(profile.documents);
  return merged;
}
