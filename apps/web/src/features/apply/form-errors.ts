import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import type { FormSection } from '@muster/contract';
import type { SummaryError } from './error-summary';
import { STEP_FIELDS, stepIndexOfField } from './steps';

/** The message of the field `name` (a dotted path), if it has one. */
export function errorMessage(errors: FieldErrors<FieldValues>, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    return typeof message === 'string' && message !== '' ? message : undefined;
  }
  return undefined;
}

/** Every field error as `{name, message}`, walking RHF's nested error object. */
export function flattenErrors(errors: FieldErrors<FieldValues>): SummaryError[] {
  const found: SummaryError[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) {
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && typeof record.type === 'string') {
      if (record.message !== '') {
        found.push({ name: path, message: record.message });
      }
    }
    // A group's message may sit beside its rows' errors (`addresses` and `addresses.0.city`).
    for (const [key, child] of Object.entries(record)) {
      if (key === 'ref' || key === 'root' || key === 'type' || key === 'message' || key === 'types') {
        continue;
      }
      walk(child, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(errors, '');
  return found;
}

/** The fields in the order the form shows them, for ordering the error summary. */
export function fieldOrder(sections: readonly FormSection[]): string[] {
  const order: string[] = [];
  for (const section of sections) {
    const own = STEP_FIELDS[section.type];
    if (section.type === 'review-apply') {
      order.push(...section.questions.map((question) => `questions.${question.slug}`));
      order.push(...section.consents.map((consent) => `consents.${consent.id}`));
      order.push(...section.additional_consents.map((_, index) => `additional_consent.${index}`));
      order.push(...section.terms.map((_, index) => `terms.${index}`));
      order.push(...own.filter((field) => !['consents', 'additional_consent', 'terms'].includes(field)));
    } else {
      order.push(...own);
      order.push(...section.questions.map((question) => `questions.${question.slug}`));
      order.push(
        ...[...section.attributes]
          .sort((a, b) => a.attribute.position - b.attribute.position)
          .map((entry) => `attributes.${entry.attribute.slug}`),
      );
    }
  }
  return order;
}

/** Errors of one step, in the order its fields show. */
export function errorsOfStep(
  errors: readonly SummaryError[],
  step: number,
  sections: readonly FormSection[],
): SummaryError[] {
  const order = fieldOrder(sections);
  const rank = (name: string) => {
    const index = order.findIndex((field) => name === field || name.startsWith(`${field}.`));
    return index === -1 ? order.length : index;
  };
  return errors
    .filter((error) => stepIndexOfField(error.name, sections) === step)
    .sort((a, b) => rank(a.name) - rank(b.name));
}

const CONTACT_NUMBER_PARTS = new Set(['contact_number_formatted', 'contact_number_country_code']);

/**
 * The form field a server error path belongs to: parts of the contact number go to the number
 * box, and deeper paths of questions, attributes, consents and terms (`attributes.x.start`)
 * to the field itself.
 */
export function formFieldOfErrorPath(path: string): string {
  const parts = path.split('.');
  const head = parts[0] ?? '';
  if (CONTACT_NUMBER_PARTS.has(head)) {
    return 'contact_number';
  }
  if (['questions', 'attributes', 'consents', 'additional_consent', 'terms'].includes(head) && parts.length > 2) {
    return parts.slice(0, 2).join('.');
  }
  return path;
}
