import { useFormContext, type FieldPath } from 'react-hook-form';
import { TextField, type TextFieldProps } from './fields';
import { errorMessage } from './form-errors';
import type { ApplicationFormValues } from './form-values';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'registration'> & {
  name: FieldPath<ApplicationFormValues>;
  /**
   * Says what is wrong when the field is left with a value this finds wrong (and checks again as it
   * changes, until it is right), rather than only on Next: for a field nothing follows until it is
   * right, such as the email address the existing-user check waits on.
   */
  checkWhenLeft?: (value: string) => boolean;
};

/** A text field registered with the application form under its name, showing the form's error for it unless given another. */
export function FormTextField({ name, error, checkWhenLeft, ...props }: FormTextFieldProps) {
  const {
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const registration = register(
    name,
    checkWhenLeft
      ? {
          onBlur: (event: { target: { value: string } }) => {
            if (checkWhenLeft(event.target.value)) {
              void trigger(name);
            }
          },
          onChange: () => {
            if (getFieldState(name).error) {
              void trigger(name);
            }
          },
        }
      : undefined,
  );
  return (
    <TextField
      {...props}
      name={name}
      registration={registration}
      error={error ?? errorMessage(errors, name)}
    />
  );
}
