import { TimezoneCombobox, type TimezoneComboboxProps } from './timezone-combobox';
import { useTimezones } from './use-timezones';

export type TimezonePickerProps = Omit<TimezoneComboboxProps, 'options' | 'loading' | 'loadError' | 'onRetry'>;

/**
 * The timezone picker: a searchable combobox of the time zones from
 * `GET /api/organisation/timezones/`, Europe/London unless another value is given. Needs a
 * TanStack Query client above it.
 */
export function TimezonePicker(props: TimezonePickerProps) {
  const timezones = useTimezones();
  return (
    <TimezoneCombobox
      {...props}
      options={timezones.data ?? []}
      loading={timezones.isPending}
      loadError={timezones.isError ? 'The list of time zones could not be loaded.' : undefined}
      onRetry={() => void timezones.refetch()}
    />
  );
}
