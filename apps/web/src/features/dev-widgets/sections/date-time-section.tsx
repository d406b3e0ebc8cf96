import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DateInput } from '../../../components/ui/date-input/date-input';
import { MonthYearInput } from '../../../components/ui/month-year-input/month-year-input';
import { TimePicker } from '../../../components/ui/time-picker/time-picker';
import { TimezonePicker } from '../../../components/ui/timezone-picker/timezone-picker';
import { TimezoneCombobox } from '../../../components/ui/timezone-picker/timezone-combobox';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { SaveButton, SAVE_BUTTON_STATE, type SaveButtonState } from '../../../components/ui/save-button/save-button';

/** One state of one widget, under its own heading. */
function Example({ title, caption, children }: { title: string; caption?: string; children?: ReactNode }) {
  return (
    <div className="gallery-example">
      <h4>{title}</h4>
      {caption ? <p className="gallery-example__caption">{caption}</p> : null}
      {children}
    </div>
  );
}

/** Prints what a widget emitted, so the gallery (and the e2e suite) can see it. */
function Emitted({ testId, value }: { testId: string; value: string }) {
  return (
    <p>
      Value: <code data-testid={testId}>{value === '' ? '(empty)' : value}</code>
    </p>
  );
}

function DateInputExamples() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('1989-11-27');
  const [withError, setWithError] = useState('');
  const [busy, setBusy] = useState('2025-08-02');
  return (
    <>
      <h3>Date input</h3>
      <Example title="Empty">
        <DateInput label="Date of birth" name="gallery_date_empty" dateOfBirth value={empty} onChange={setEmpty} />
        <Emitted testId="date-input-empty-value" value={empty} />
      </Example>
      <Example title="Filled">
        <DateInput label="Start date" value={filled} onChange={setFilled} />
        <Emitted testId="date-input-filled-value" value={filled} />
      </Example>
      <Example title="Error">
        <DateInput label="End date" required value={withError} onChange={setWithError} error="Please provide a date" />
        <Emitted testId="date-input-error-value" value={withError} />
      </Example>
      <Example title="Read-only">
        <DateInput label="Date applied" value="2024-03-05" readOnly />
      </Example>
      <Example title="Busy" caption="While something is checked against the date, such as overlapping bookings.">
        <DateInput label="Arrival date" value={busy} onChange={setBusy} busy busyLabel="Checking your bookings…" />
      </Example>
    </>
  );
}

function MonthYearExamples() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('2019-03');
  const [withError, setWithError] = useState('');
  return (
    <>
      <h3>Month-year input</h3>
      <Example title="Empty">
        <MonthYearInput label="Lived at this address since" value={empty} onChange={setEmpty} />
        <Emitted testId="month-year-empty-value" value={empty} />
      </Example>
      <Example title="Filled (past only)" caption="Past-only mode: the year is capped at the current year.">
        <MonthYearInput label="Moved in" pastOnly value={filled} onChange={setFilled} />
        <Emitted testId="month-year-filled-value" value={filled} />
      </Example>
      <Example title="Error">
        <MonthYearInput label="Moved out" required value={withError} onChange={setWithError} error="Please provide a date" />
      </Example>
      <Example title="Read-only">
        <MonthYearInput label="Employed since" value="2016-09" readOnly />
      </Example>
      <Example
        title="Busy"
        caption="Not applicable: the month-year input does no slow work of its own, so it has no busy state."
      />
    </>
  );
}

function TimePickerExamples() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('14:30');
  const [withError, setWithError] = useState('');
  return (
    <>
      <h3>Time picker</h3>
      <Example title="Empty" caption="15-minute steps.">
        <TimePicker label="Start time" value={empty} onChange={setEmpty} />
        <Emitted testId="time-picker-empty-value" value={empty} />
      </Example>
      <Example title="Filled" caption="5-minute steps.">
        <TimePicker label="Finish time" minuteStep={5} value={filled} onChange={setFilled} />
        <Emitted testId="time-picker-filled-value" value={filled} />
      </Example>
      <Example title="Error">
        <TimePicker label="Meeting time" required value={withError} onChange={setWithError} error="Please select a date and a time" />
      </Example>
      <Example title="Read-only">
        <TimePicker label="Shift starts" value="09:00" readOnly />
      </Example>
      <Example title="Busy" caption="Not applicable: the time picker's list is computed, never loaded, so it has no busy state." />
    </>
  );
}

function TimezoneExamples() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('Europe/London');
  const [withError, setWithError] = useState('');
  return (
    <>
      <h3>Timezone picker</h3>
      <Example title="Empty">
        <TimezonePicker label="Your time zone" value={empty} onChange={setEmpty} />
        <Emitted testId="timezone-empty-value" value={empty} />
      </Example>
      <Example title="Filled" caption="Europe/London is the default.">
        <TimezonePicker label="Event time zone" value={filled} onChange={setFilled} />
        <Emitted testId="timezone-filled-value" value={filled} />
      </Example>
      <Example title="Error">
        <TimezonePicker label="Team time zone" required value={withError} onChange={setWithError} error="Please select an option" />
      </Example>
      <Example title="Read-only">
        <TimezonePicker label="Organisation time zone" value="Europe/London" readOnly />
      </Example>
      <Example title="Busy" caption="What the picker shows while its list of time zones loads.">
        <TimezoneCombobox label="Time zone (loading)" options={[]} loading value="Europe/London" />
      </Example>
    </>
  );
}

function SpinnerExamples() {
  return (
    <>
      <h3>Spinner</h3>
      <p className="gallery-example__caption">
        Empty, filled, error and read-only do not apply: a spinner only has its busy state. It stands still and shows its
        label when the system asks for reduced motion.
      </p>
      <Example title="Busy">
        <Spinner />
      </Example>
      <Example title="Busy, label shown">
        <Spinner label="Loading opportunities…" showLabel />
      </Example>
    </>
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
    <>
      <h3>Save button</h3>
      <p className="gallery-example__caption">
        Empty, filled and error do not apply to a button; its read-only equivalent is the disabled busy and saved states.
      </p>
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
    </>
  );
}

/** Gallery section: the date and time widgets, the spinner and the save button in every state. */
export function DateTimeSection() {
  return (
    <section aria-labelledby="gallery-date-time" className="gallery-section">
      <h2 id="gallery-date-time">Dates, times, spinner and save button</h2>
      <DateInputExamples />
      <MonthYearExamples />
      <TimePickerExamples />
      <TimezoneExamples />
      <SpinnerExamples />
      <SaveButtonExamples />
    </section>
  );
}
