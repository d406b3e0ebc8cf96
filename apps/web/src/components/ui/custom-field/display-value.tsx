import { Suspense } from 'react';
import { isCustomFieldValueEmpty, type CustomFieldOption } from '@muster/contract';
import { LazyMarkdownHtml } from '../markdown-editor/lazy-markdown';
import { AttachmentList } from './attachment-list';
import {
  NOT_SET,
  formatCurrency,
  formatDate,
  formatDateTime,
  linkHref,
  type OrganisationFormat,
} from './format';
import { attachmentsOf, findOption, orderedOptions, startEndOf, textOf } from './values';

export type DisplayValueProps = {
  type: string;
  value: unknown;
  options?: CustomFieldOption[] | undefined;
  organisation?: OrganisationFormat | undefined;
};

function optionDisplay(options: CustomFieldOption[], value: unknown): string {
  return findOption(options, value)?.display ?? textOf(value);
}

/** Plain text of any value, for types without their own formatting. */
function plainText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * A custom field's value formatted for reading (applicant-flow §4): dates DD/MM/YYYY, datetimes
 * in the organisation's date format plus HH:mm, money with the organisation's symbol, Markdown
 * or HTML sanitised, links opened in a new tab with an http prefix when they lack one, files
 * with their sizes; `Not set` when there is no value.
 */
export function DisplayValue({ type, value, options, organisation }: DisplayValueProps) {
  if (isCustomFieldValueEmpty(type, value)) {
    return <span className="custom-field__not-set">{NOT_SET}</span>;
  }
  const sorted = orderedOptions(options);
  switch (type) {
    case 'date':
      return <>{formatDate(textOf(value)) ?? textOf(value)}</>;
    case 'datetime':
      return <>{formatDateTime(textOf(value), organisation?.date_format) ?? textOf(value)}</>;
    case 'currency':
      return <>{formatCurrency(textOf(value), organisation?.currency_symbol) ?? textOf(value)}</>;
    case 'boolean':
      return <>{value === true ? 'Yes' : 'No'}</>;
    case 'dropdown':
    case 'radio':
      return <>{optionDisplay(sorted, value)}</>;
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? value : [];
      // Listed in option order, whatever order they were ticked in.
      const known = sorted.filter((option) => chosen.some((item) => String(item) === String(option.value)));
      const unknown = chosen.filter((item) => !findOption(sorted, item));
      return (
        <ul className="custom-field__list">
          {known.map((option) => (
            <li key={String(option.value)}>{option.display}</li>
          ))}
          {unknown.map((item) => (
            <li key={`unknown-${plainText(item)}`}>{plainText(item)}</li>
          ))}
        </ul>
      );
    }
    case 'startenddate': {
      const { start, end } = startEndOf(value);
      const show = (date: string | null) => (date ? (formatDate(date) ?? date) : NOT_SET);
      return (
        <>
          {show(start)} to {show(end)}
        </>
      );
    }
    case 'html':
      return (
        <Suspense fallback={null}>
          <LazyMarkdownHtml.Component className="custom-field__html" source={textOf(value)} />
        </Suspense>
      );
    case 'link': {
      const text = textOf(value).trim();
      return (
        <a href={linkHref(text)} target="_blank" rel="noopener noreferrer">
          {text}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    }
    case 'files':
    case 'file':
    case 'photo':
      return <AttachmentList attachments={attachmentsOf(value)} photo={type === 'photo'} />;
    case 'text':
    case 'integer':
    case 'decimal':
    case 'email':
    case 'telephone':
      return <>{textOf(value)}</>;
    default:
      return <>{plainText(value)}</>;
  }
}
