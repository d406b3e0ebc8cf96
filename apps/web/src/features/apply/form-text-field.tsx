import { useFormContext, type FieldPath } from 'react-hook-form';
import { TextField, type TextFieldProps } from './fields';
import { errorMessage } from './form-errors';
import type { ApplicationFormValues } from './form-values';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'registration'> & {
  name: FieldPath<ApplicationFormValues>;
};

/** A text field registered with the application form under its name, showing the form's error for it unless given another. */
export function FormTextField({ name, error, ...props }: FormTextFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  return (
    <TextField
      {...props}
      name={name}
      registration={register(name)}
      error={error ?? errorMessage(errors, name)}
    />
  );
}
