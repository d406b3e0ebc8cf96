import { useEffect, useRef, useState } from 'react';
import { DateInput } from '../../../components/ui/date-input/date-input';
import { MonthYearInput } from '../../../components/ui/month-year-input/month-year-input';
import { TimePicker } from '../../../components/ui/time-picker/time-picker';
import { TimezonePicker } from '../../../components/ui/timezone-picker/timezone-picker';
import { TimezoneCombobox } from '../../../components/ui/timezone-picker/timezone-combobox';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { SaveButton, SAVE_BUTTON_STATE, type SaveButtonState } from '../../../components/ui/save-button/save-button';
import { Example, GallerySection, LiveExample, WidgetExamples } from '../gallery';

function DateInputExamples() {
  return (
    <WidgetExamples title="Date input">
      <LiveExample title="Empty" testId="date-input-empty-value">
        {(field) => <DateInput label="Date of birth" name="gallery_date_empty" dateOfBirth {...field} />}
      </LiveExample>
      <LiveExample title="Filled" initial="1989-11-27" testId="date-input-filled-value">
        {(field) => <DateInput label="Start date" {...field} />}
      </LiveExample>
      <LiveExample title="Error" testId="date-input-error-value">
        {(field) => <DateInput label="End date" required error="Please provide a date" {...field} />}
      </LiveExample>
      <Example title="Read-only">
        <DateInput label="Date applied" value="2024-03-05" readOnly />
      </Example>
      <LiveExample
        title="Busy"
        caption="While something is checked against the date, such as overlapping bookings."
        initial="2025-08-02"
      >
        {(field) => <DateInput label="Arrival date" busy busyLabel="Checking your bookings…" {...field} />}
      </LiveExample>
    </WidgetExamples>
  );
}

function MonthYearExamples() {
  return (
    <WidgetExamples title="Month-year input">
      <LiveExample title="Empty" testId="month-year-empty-value">
        {(field) => <MonthYearInput label="Lived at this address since" {...field} />}
      </LiveExample>
      <LiveExample
        title="Filled (past only)"
        caption="Past-only mode: the year is capped at the current year."
        initial="2019-03"
        testId="month-year-filled-value"
      >
        {(field) => <MonthYearInput label="Moved in" pastOnly {...field} />}
      </LiveExample>
      <LiveExample title="Error">
        {(field) => <MonthYearInput label="Moved out" required error="Please provide a date" {...field} />}
      </LiveExample>
      <Example title="Read-only">
        <MonthYearInput label="Employed since" value="2016-09" readOnly />
      </Example>
      <Example
        title="Busy"
        caption="Not applicable: the month-year input does no slow work of its own, so it has no busy state."
      />
    </WidgetExamples>
  );
}

function TimePickerExamples() {
  return (
    <WidgetExamples title="Time picker">
      <LiveExample title="Empty" caption="15-minute steps." testId="time-picker-empty-value">
        {(field) => <TimePicker label="Start time" {...field} />}
      </LiveExample>
      <LiveExample title="Filled" caption="5-minute steps." initial="14:30" testId="time-picker-filled-value">
        {(field) => <TimePicker label="Finish time" minuteStep={5} {...field} />}
      </LiveExample>
      <LiveExample title="Error">
        {(field) => (
          <TimePicker label="Meeting time" required error="Please select a date and a time" {...field} />
        )}
      </LiveExample>
      <Example title="Read-only">
        <TimePicker label="Shift starts" value="09:00" readOnly />
      </Example>
      <Example
        title="Busy"
        caption="Not applicable: the time picker's list is computed, never loaded, so it has no busy state."
      />
    </WidgetExamples>
  );
}

function TimezoneExamples() {
  return (
    <WidgetExamples title="Timezone picker">
      <LiveExample title="Empty" testId="timezone-empty-value">
        {(field) => <TimezonePicker label="Your time zone" {...field} />}
      </LiveExample>
      <LiveExample
        title="Filled"
        caption="Europe/London is the default."
        initial="Europe/London"
        testId="timezone-filled-value"
      >
        {(field) => <TimezonePicker label="Event time zone" {...field} />}
      </LiveExample>
      <LiveExample title="Error">
        {(field) => (
          <TimezonePicker label="Team time zone" required error="Please select an option" {...field} />
        )}
      </LiveExample>
      <Example title="Read-only">
        <TimezonePicker label="Organisation time zone" value="Europe/London" readOnly />
      </Example>
      <Example title="Busy" caption="What the picker shows while its list of time zones loads.">
        <TimezoneCombobox label="Time zone (loading)" options={[]} loading value="Europe/London" />
      </Example>
    </WidgetExamples>
  );
}

function SpinnerExamples() {
  return (
    <WidgetExamples
      title="Spinner"
      caption="Empty, filled, error and read-only do not apply: a spinner only has its busy state. It stands still and shows its label when the system asks for reduced motion."
    >
      <Example title="Busy">
        <Spinner />
      </Example>
      <Example title="Busy, label shown">
        <Spinner label="Loading opportunities…" showLabel />
      </Example>
    </WidgetExamples>
  );
}

/** Runs the save button through busy and saved on timers, as a form would around a request. */
function SaveButtonDemo() {
  const [state, setState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  function run() {
    setState(SAVE_BUTTON_STATE.busy);
    timer.current = window.setTimeout(() => {
      setState(SAVE_BUTTON_STATE.saved);
      timer.current = window.setTimeout(() => setState(SAVE_BUTTON_STATE.idle), 2000);
    }, 1500);
  }
  return (
    <SaveButton type="button" state={state} onClick={run}>
      Save changes
    </SaveButton>
  );
}

function SaveButtonExamples() {
  return (
    <WidgetExamples
      title="Save button"
      caption="Empty, filled and error do not apply to a button; its read-only equivalent is the disabled busy and saved states."
    >
      <Example title="State 0: normal">
        <SaveButton type="button">Save</SaveButton>
      </Example>
      <Example title="State 1: busy">
        <SaveButton type="button" state={SAVE_BUTTON_STATE.busy} />
      </Example>
      <Example title="State 2: saved">
        <SaveButton type="button" state={SAVE_BUTTON_STATE.saved} />
      </Example>
      <Example title="State 2: saved, own label">
        <SaveButton type="button" state={SAVE_BUTTON_STATE.saved} savedLabel="Consents saved" />
      </Example>
      <Example
        title="Demo"
        caption="Press it: it turns busy for 1.5 seconds, then saved for 2 seconds. A timer stands in for the request; nothing is sent."
      >
        <SaveButtonDemo />
      </Example>
    </WidgetExamples>
  );
}

/** Gallery section: the date and time widgets, the spinner and the save button in every state. */
export function DateTimeSection() {
  return (
    <GallerySection id="gallery-date-time" title="Dates, times, spinner and save button">
      <DateInputExamples />
      <MonthYearExamples />
      <TimePickerExamples />
      <TimezoneExamples />
      <SpinnerExamples />
      <SaveButtonExamples />
    </GallerySection>
  );
}
