import type { GeocodedAddress } from '@muster/contract';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { MonthYearInput } from '../../../../components/ui/month-year-input/month-year-input';
import { CustomBlocks } from '../../custom-blocks';
import { FieldError, RequiredMark, fieldId } from '../../fields';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import { todayIn } from '@muster/contract';
import type { StepProps } from '../step-props';
import { ADDRESS_PART_LABELS, checkAddress, isIncomplete, type AddressProblems } from './address-check';
import { AddressEditor } from './address-editor';
import { applyHistoryRule, formatMonths } from './address-history';
import { AddressLookup } from './address-lookup';
import {
  ADDRESS_PARTS,
  bodyIndexes,
  emptyAddressRow,
  hasAddress,
  historyMonthsOf,
  readAddressRows,
  type AddressParts,
  type AddressRow,
} from './body';
import './address-details-step.css';

/** No address at all (applicant-flow §2.4, §8). */
export const NO_ADDRESS_MESSAGE = 'Please provide an address';
/** An address lacking a part it must have (applicant-flow §2.4, §8). */
export const INCOMPLETE_ADDRESS_MESSAGE = 'This address is not complete, please click here to update it';
/** A from-date message with this text is the history's, shown once at the group (applicant-flow §5). */
export const HISTORY_MESSAGE_MARK = 'You need to provide at least';

/** The row shown while the form has no address yet. */
const FIRST_ROW: AddressRow = emptyAddressRow('address-first');

const rowDomId = (row: AddressRow) => `apply-${row.key}`;
const textId = (row: AddressRow) => `${rowDomId(row)}-text`;
const editId = (row: AddressRow) => `${rowDomId(row)}-edit`;
const manualId = (row: AddressRow) => `${rowDomId(row)}-manual`;
const lookupId = (row: AddressRow) => `${rowDomId(row)}-lookup`;

/** The parts of an address the finder answered, as the form holds them. */
function partsOf(address: GeocodedAddress | AddressParts): AddressParts {
  const parts = {} as AddressParts;
  for (const part of ADDRESS_PARTS) {
    parts[part] = address[part] ?? '';
  }
  return parts;
}

/** Focuses the first control inside the element with this id. */
function focusWithin(id: string) {
  const element = document.getElementById(id);
  const target = element?.matches('input, button')
    ? element
    : element?.querySelector<HTMLElement>('input:not([type="hidden"]), button');
  target?.focus();
}

/**
 * Wraps `children` in elements carrying `ids`, so that an error-summary link to any of them
 * (`#apply-addresses-0-street`) lands on the control inside (see `focusField`).
 */
function FocusTargets({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  return ids.reduce<ReactNode>(
    (inner, id) => (
      <div id={id} className="address-entry__target">
        {inner}
      </div>
    ),
    children,
  );
}

type Editing = { row: AddressRow; problems: AddressProblems };

/**
 * The address-details step (applicant-flow §2.4, §4, §5): the address history, newest first. A
 * row without an address offers the address finder and 'Enter the address manually'; a row with
 * one shows it as text with an edit link, 'This address is not complete, please click here to
 * update it' while it lacks a part it must have, and (after the first) a remove link. When the
 * step asks for history (`min_address_history` months), each row has a 'From' month and year:
 * rows are appended until the dates cover the minimum and dateless rows go once they do.
 */
export function AddressDetailsStep({ section, sections, organisation, opportunity, onUploadingChange }: StepProps) {
  const {
    control,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState,
  } = useFormContext<ApplicationFormValues>();
  const { errors } = formState;
  const watched: unknown = useWatch({ control, name: 'addresses' });
  const stored = readAddressRows(watched);
  const rows = stored.length > 0 ? stored : [FIRST_ROW];
  const indexes = bodyIndexes(rows);
  const minMonths = historyMonthsOf(sections);
  const history = minMonths > 0;
  const today = todayIn(organisation.timezone);
  const [editing, setEditing] = useState<Editing | null>(null);
  /** Rows whose date boxes hold a half-typed date: the history rule leaves them alone. */
  const typing = useRef(new Set<string>());
  /** The element whose first control takes focus after the next render. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const id = focusNext.current;
    if (id !== null) {
      focusNext.current = null;
      focusWithin(id);
    }
  });

  const currentRows = (): AddressRow[] => {
    const now = readAddressRows(getValues('addresses'));
    return now.length > 0 ? now : [FIRST_ROW];
  };
  const writeRows = (next: readonly AddressRow[]) => {
    setValue('addresses', [...next], { shouldDirty: true });
  };
  /** One row changed: only its own messages go (the form clears the messages of what changed). */
  const writeRow = (index: number, row: AddressRow) => {
    if (readAddressRows(getValues('addresses')).length === 0) {
      writeRows([row]);
    } else {
      setValue(`addresses.${index}`, row, { shouldDirty: true });
    }
  };
  /**
   * The list changed, so the message about the whole list (no address, history too short) is
   * no longer known to hold until the next check; the messages of single addresses stay.
   */
  const dropGroupMessage = () => {
    const node: unknown = formState.errors.addresses;
    if (errorMessage(formState.errors, 'addresses') === undefined || typeof node !== 'object' || node === null) {
      return;
    }
    const kept: [string, { type: string; message: string }][] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value !== 'object' || value === null) {
        return;
      }
      const record = value as Record<string, unknown>;
      if (typeof record.message === 'string' && typeof record.type === 'string' && path !== 'addresses') {
        kept.push([path, { type: record.type, message: record.message }]);
        return;
      }
      for (const [key, child] of Object.entries(record)) {
        if (/^\d+$/.test(key) || (path !== 'addresses' && key !== 'ref')) {
          walk(child, `${path}.${key}`);
        }
      }
    };
    walk(node, 'addresses');
    clearErrors('addresses');
    for (const [path, error] of kept) {
      setError(path as FieldPath<ApplicationFormValues>, error);
    }
  };
  const settleHistory = () => {
    const now = currentRows();
    const next = applyHistoryRule(now, minMonths, today, (row) => typing.current.has(row.key));
    if (next === now) {
      return;
    }
    const active = document.activeElement;
    const lost = now.find(
      (row) => !next.includes(row) && active !== null && document.getElementById(rowDomId(row))?.contains(active),
    );
    writeRows(next);
    if (lost) {
      // The row being edited went: focus stays near, on the row before it.
      const before = next[Math.max(0, now.indexOf(lost) - 1)];
      focusNext.current = before ? rowDomId(before) : null;
    }
  };

  /** The row's place now: rows may come and go while a search or retrieve is answered. */
  const placeOf = (key: string): [number, AddressRow | undefined] => {
    const now = currentRows();
    const index = now.findIndex((row) => row.key === key);
    return [index, now[index]];
  };
  const fill = (key: string, address: GeocodedAddress | AddressParts) => {
    const [index, row] = placeOf(key);
    if (!row) {
      return;
    }
    writeRow(index, { ...row, ...partsOf(address) });
    dropGroupMessage();
    focusNext.current = editId(row);
  };
  const setDate = (key: string, value: string) => {
    const [index, row] = placeOf(key);
    if (!row || row.from_date === value) {
      return;
    }
    if (readAddressRows(getValues('addresses')).length === 0) {
      writeRows([{ ...row, from_date: value }]);
    } else {
      setValue(`addresses.${index}.from_date`, value, { shouldDirty: true });
    }
    dropGroupMessage();
    // After the widget has also said whether its boxes hold a half-typed date.
    queueMicrotask(settleHistory);
  };
  const setTyping = (row: AddressRow, problem: string | null) => {
    if (problem === null) {
      typing.current.delete(row.key);
    } else {
      typing.current.add(row.key);
    }
  };
  const remove = (key: string) => {
    const now = currentRows();
    const index = now.findIndex((row) => row.key === key);
    const gone = now[index];
    if (index <= 0 || !gone) {
      return;
    }
    typing.current.delete(gone.key);
    const next = applyHistoryRule(
      now.filter((_, at) => at !== index),
      minMonths,
      today,
      (row) => typing.current.has(row.key),
    );
    writeRows(next);
    const before = next[index - 1];
    focusNext.current = before ? rowDomId(before) : null;
  };

  const partErrors = (bodyIndex: number | null): AddressProblems => {
    const found: AddressProblems = {};
    if (bodyIndex === null) {
      return found;
    }
    for (const part of ADDRESS_PARTS) {
      const message = errorMessage(errors, `addresses.${bodyIndex}.${part}`);
      if (message) {
        found[part] = message;
      }
    }
    return found;
  };
  const dateErrorOf = (bodyIndex: number | null) =>
    bodyIndex === null ? undefined : errorMessage(errors, `addresses.${bodyIndex}.from_date`);

  // The group's messages: the form's own for `addresses`, and history messages given at a date.
  const anyAddress = rows.some(hasAddress);
  const groupError = errorMessage(errors, 'addresses');
  const firstRow = rows[0] ?? FIRST_ROW;
  const noAddressAtFirstRow = groupError === NO_ADDRESS_MESSAGE && !hasAddress(firstRow);
  const groupMessages = [
    ...new Set(
      [
        groupError === NO_ADDRESS_MESSAGE && (anyAddress || noAddressAtFirstRow) ? undefined : groupError,
        ...indexes.map(dateErrorOf).filter((message) => message?.includes(HISTORY_MESSAGE_MARK)),
      ].filter((message): message is string => Boolean(message)),
    ),
  ];

  const groupId = fieldId('addresses');
  const labelId = `${groupId}-label`;
  const hintId = `${groupId}-hint`;
  const errorIds = groupMessages.map((_, index) => `${groupId}-error${index === 0 ? '' : `-${index + 1}`}`);

  const openEditor = (row: AddressRow, problems: AddressProblems) => {
    setEditing({ row, problems });
  };

  const renderRow = (row: AddressRow, index: number) => {
    const bodyIndex = indexes[index] ?? null;
    const titleId = `${rowDomId(row)}-title`;
    const errorsOfParts = partErrors(bodyIndex);
    const targets = Object.keys(errorsOfParts).map((part) => fieldId(`addresses.${bodyIndex}.${part}`));
    const dateError = dateErrorOf(bodyIndex);
    const shownDateError = dateError?.includes(HISTORY_MESSAGE_MARK) ? undefined : dateError;
    const removable = index > 0 && (hasAddress(row) || row.from_date !== '');
    const removeButton = removable ? (
      <button
        type="button"
        className="apply-link-button"
        aria-describedby={hasAddress(row) ? textId(row) : titleId}
        onClick={() => remove(row.key)}
      >
        Remove address
      </button>
    ) : null;

    let body: ReactNode;
    if (hasAddress(row)) {
      const problems = checkAddress(section, row, today);
      const incomplete = isIncomplete(problems);
      // Messages the page's own check does not explain (the server's other rules) are listed.
      const unexplained = Object.entries(errorsOfParts).filter(
        ([part]) => !incomplete || problems[part as keyof AddressProblems] === undefined,
      );
      const edit = () => openEditor(row, { ...(incomplete ? problems : {}), ...errorsOfParts });
      const lines = ADDRESS_PARTS.map((part) => row[part].trim()).filter((line) => line !== '');
      body = (
        <>
          <p id={textId(row)} className="address-entry__text">
            {/* One line per part on screen; read aloud as one address, its parts between commas. */}
            {lines.map((line, at) => (
              <Fragment key={at}>
                {at > 0 ? ' ' : null}
                <span className="address-entry__line">
                  {line}
                  {at < lines.length - 1 ? <span className="visually-hidden">,</span> : null}
                </span>
              </Fragment>
            ))}
          </p>
          {incomplete ? (
            <div className="apply-field__error address-entry__problem">
              <span className="visually-hidden">Error:</span>{' '}
              <FocusTargets ids={targets}>
                <button type="button" className="apply-link-button address-entry__fix" onClick={edit}>
                  {INCOMPLETE_ADDRESS_MESSAGE}
                </button>
              </FocusTargets>
            </div>
          ) : null}
          {unexplained.map(([part, message]) => (
            <FieldError
              key={part}
              id={`${rowDomId(row)}-${part}-error`}
              message={
                message.startsWith(ADDRESS_PART_LABELS[part as keyof AddressProblems])
                  ? message
                  : `${ADDRESS_PART_LABELS[part as keyof AddressProblems]}: ${message}`
              }
            />
          ))}
          <div className="address-entry__actions">
            <FocusTargets ids={incomplete ? [] : targets}>
              <button
                type="button"
                id={editId(row)}
                className="apply-link-button"
                aria-describedby={textId(row)}
                onClick={edit}
              >
                Edit address
              </button>
            </FocusTargets>
            {removeButton}
          </div>
        </>
      );
    } else {
      const lookupError =
        (index === 0 && noAddressAtFirstRow) || targets.length > 0 ? NO_ADDRESS_MESSAGE : undefined;
      body = (
        <>
          <FocusTargets ids={targets}>
            <AddressLookup
              inputId={lookupId(row)}
              label="Postcode or address"
              hint="Type a postcode or the start of the address, then choose it from the list."
              required
              error={lookupError}
              onAddress={(address) => fill(row.key, address)}
            />
          </FocusTargets>
          <div className="address-entry__actions">
            <button
              type="button"
              id={manualId(row)}
              className="apply-link-button"
              onClick={() => openEditor(row, {})}
            >
              Enter the address manually
            </button>
            {removeButton}
          </div>
        </>
      );
    }

    return (
      <li key={row.key} id={rowDomId(row)} className="address-entry">
        {history ? (
          <h3 id={titleId} className="address-entry__title">
            {index === 0 ? 'Current address' : `Previous address ${index}`}
          </h3>
        ) : null}
        {body}
        {history ? (
          <MonthYearInput
            id={fieldId(bodyIndex === null ? `addresses.pending-${index}.from_date` : `addresses.${bodyIndex}.from_date`)}
            label="From"
            hint="The month and year you moved in, for example 11/2019"
            pastOnly
            required
            value={row.from_date}
            onChange={(value) => setDate(row.key, value)}
            onProblemChange={(problem) => setTyping(row, problem)}
            error={shownDateError}
          />
        ) : null}
      </li>
    );
  };

  return (
    <div className="address-details" data-step-type={section.type}>
      <div
        id={groupId}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[hintId, ...errorIds].join(' ')}
        className={`apply-field address-history${groupMessages.length > 0 ? ' apply-field--error' : ''}`}
      >
        <p id={labelId} className="apply-field__label">
          {history ? 'Your addresses' : 'Your address'}
          <RequiredMark required />
        </p>
        <p id={hintId} className="apply-field__hint">
          {history
            ? `Please give every address you have lived at in the last ${formatMonths(minMonths)}, starting with your current address. Find each one by its postcode, or enter it manually.`
            : 'Find your address by its postcode, or enter it manually.'}
        </p>
        {groupMessages.map((message, index) => (
          <FieldError key={message} id={errorIds[index] ?? groupId} message={message} />
        ))}
        <ol className="address-history__list">{rows.map(renderRow)}</ol>
      </div>
      {editing ? (
        <AddressEditor
          section={section}
          today={today}
          initial={partsOf(editing.row)}
          initialProblems={editing.problems}
          onSave={(address) => {
            fill(editing.row.key, address);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
          returnFocus={() =>
            document.getElementById(editId(editing.row)) ?? document.getElementById(manualId(editing.row))
          }
        />
      ) : null}
      <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />
    </div>
  );
}
