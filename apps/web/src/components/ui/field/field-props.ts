import type { Ref } from 'react';

/**
 * The props every field widget takes (the date, month-year, time and timezone inputs): a field
 * that react-hook-form controls, with its label, hint and error around it.
 */
export type FieldWidgetProps = {
  /** The label (or legend) of the field: the question, e.g. "Date of birth". */
  label: string;
  hint?: string;
  /** Submitted name of the stored value. */
  name?: string;
  /** Id of the first box, for error-summary links; generated when absent. */
  id?: string;
  /** Controlled value in the widget's stored form, or ''. */
  value?: string;
  defaultValue?: string;
  /** Receives the stored form once the widget holds a valid value, '' otherwise. */
  onChange?: (value: string) => void;
  /** Called when focus leaves the widget (not when it moves between the widget's own parts). */
  onBlur?: () => void;
  /** A message from the form or the server. */
  error?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Receives the first box, so a form can focus the field. */
  ref?: Ref<HTMLInputElement>;
};
