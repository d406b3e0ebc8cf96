import type { FormSection } from '@muster/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { getLoadedPhoneLibrary, loadPhoneLibrary } from '../../../../components/ui/telephone-input/phone-library';
import { SelectField, TextField, fieldId } from '../../fields';
import { ModalDialog } from '../../modal-dialog';
import { ADDRESS_PART_LABELS, REQUIRED_PARTS, checkAddress, isIncomplete, type AddressProblems } from './address-check';
import { ADDRESS_PARTS, DEFAULT_COUNTRY, type AddressPart, type AddressParts } from './body';

/** The title of the manual entry modal (applicant-flow §2.4). */
export const EDIT_ADDRESS_TITLE = 'Edit address';

const AUTOCOMPLETE: Record<AddressPart, string> = {
  company_name: 'organization',
  street: 'address-line1',
  street_second: 'address-line2',
  street_third: 'address-line3',
  city: 'address-level2',
  county: 'address-level1',
  postcode: 'postal-code',
  country: 'country-name',
};

/** The field name (and so the DOM id) of a part inside the modal. */
function editorName(part: AddressPart): string {
  return `address-editor.${part}`;
}

/** The DOM id of a part's box inside the modal. */
export function editorFieldId(part: AddressPart): string {
  return fieldId(editorName(part));
}

function toFieldErrors(problems: AddressProblems): FieldErrors<AddressParts> {
  const errors: FieldErrors<AddressParts> = {};
  for (const part of ADDRESS_PARTS) {
    const message = problems[part];
    if (message) {
      errors[part] = { type: 'validate', message };
    }
  }
  return errors;
}

/** The country names to choose from: the project's country list, with the current value kept. */
function useCountryNames(current: string): string[] {
  const [names, setNames] = useState<string[]>(
    () => getLoadedPhoneLibrary()?.countries.map((country) => country.name) ?? [],
  );
  useEffect(() => {
    if (names.length > 0) {
      return;
    }
    let live = true;
    loadPhoneLibrary().then(
      (library) => {
        if (live) {
          setNames(library.countries.map((country) => country.name));
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [names.length]);
  const extra = [DEFAULT_COUNTRY, current].filter((name) => name.trim() !== '' && !names.includes(name));
  return [...new Set([...extra, ...names])];
}

export type AddressEditorProps = {
  section: FormSection;
  /** Today in the organisation's time zone, for the contract's rules. */
  today: string;
  initial: AddressParts;
  /** Messages shown from the start (the server's, or what an incomplete address lacks). */
  initialProblems: AddressProblems;
  onSave: (address: AddressParts) => void;
  onCancel: () => void;
  /** Where focus goes when the modal closes. */
  returnFocus: () => HTMLElement | null;
};

/**
 * The 'Edit address' modal (applicant-flow §2.4, §5): company, lines 1-3, city, county, postcode
 * and country (United Kingdom unless given), checked on Save with the contract's rules for an
 * address plus the country; each message sits by its field. Cancel, Escape and Save close it.
 */
export function AddressEditor({ section, today, initial, initialProblems, onSave, onCancel, returnFocus }: AddressEditorProps) {
  const resolver: Resolver<AddressParts> = (values) => {
    const problems = checkAddress(section, values, today);
    return isIncomplete(problems) ? { values: {}, errors: toFieldErrors(problems) } : { values, errors: {} };
  };
  const [startErrors] = useState(() => toFieldErrors(initialProblems));
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AddressParts>({ defaultValues: initial, resolver, errors: startErrors });
  const countries = useCountryNames(useWatch({ control, name: 'country' }));
  const firstProblem = ADDRESS_PARTS.find((part) => initialProblems[part] !== undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The modal is drawn outside the page's form, but React passes its events up the component
    // tree: the application form must not take this submit for its own Next.
    event.stopPropagation();
    void handleSubmit(onSave)(event);
  };

  const text = (part: AddressPart) => (
    <TextField
      key={part}
      name={editorName(part)}
      label={ADDRESS_PART_LABELS[part]}
      required={REQUIRED_PARTS.includes(part)}
      registration={register(part)}
      error={errors[part]?.message}
      autoComplete={AUTOCOMPLETE[part]}
    />
  );

  return (
    <ModalDialog
      title={EDIT_ADDRESS_TITLE}
      onClose={onCancel}
      initialFocus={`#${editorFieldId(firstProblem ?? 'company_name')}`}
      returnFocus={returnFocus}
    >
      <form className="address-editor" noValidate onSubmit={submit}>
        <p className="address-editor__note">Fields marked with an asterisk (*) are required.</p>
        {(['company_name', 'street', 'street_second', 'street_third', 'city', 'county', 'postcode'] as const).map(text)}
        <SelectField
          name={editorName('country')}
          label={ADDRESS_PART_LABELS.country}
          required
          options={countries.map((name) => ({ value: name, label: name }))}
          registration={register('country')}
          error={errors.country?.message}
        />
        <div className="apply-modal__actions">
          <button type="button" className="apply-button apply-button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="apply-button apply-button--primary">
            Save address
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
