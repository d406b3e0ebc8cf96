import { useEffect, useState } from 'react';
import { addDaysIso, opportunityResponseSchema, type Opportunity } from '@muster/contract';
import {
  BookingDateRangePicker,
  type BookingDateRangePickerProps,
  type BookingSelection,
} from '../../../components/ui/booking-date-range-picker/booking-date-range-picker';
import { isCancelledError } from '../../../lib/api';
import { fetchOpportunity } from '../../../lib/api/calls/opportunities';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { Emitted, Example, GallerySection, WidgetExamples } from '../gallery';

/** The demo residential opportunity whose team (Lakeside Lodge, Saturday changeovers) the picker shows. */
export const DEMO_RESIDENTIAL_SLUG = 'residential-week';

const EMPTY: BookingSelection = { start_date: null, end_date: null, willing_to_share: false };

/** The first Saturday at least three weeks ahead, a start the demo team takes. */
function demoSaturday(): string {
  const from = new Date();
  from.setDate(from.getDate() + 21 + ((6 - from.getDay() + 7) % 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${from.getFullYear()}-${pad(from.getMonth() + 1)}-${pad(from.getDate())}`;
}

function BookingExample({
  title,
  caption,
  testId,
  initial = EMPTY,
  ...props
}: Omit<BookingDateRangePickerProps, 'value' | 'onChange'> & {
  title: string;
  caption?: string;
  testId: string;
  initial?: BookingSelection;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Example title={title} caption={caption}>
      <BookingDateRangePicker {...props} value={value} onChange={setValue} />
      <Emitted testId={testId} text={JSON.stringify(value)} />
    </Example>
  );
}

/** The booking date-range picker against the demo team's real changeover days and availability. */
export function BookingSection() {
  const [opportunity, setOpportunity] = useState<Opportunity | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchOpportunity(DEMO_RESIDENTIAL_SLUG, { signal: controller.signal })
      .then((body) => setOpportunity(opportunityResponseSchema.parse(body).data))
      .catch((error: unknown) => {
        if (!isCancelledError(error)) {
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, []);

  const slot = opportunity?.sub_locations[0]?.timeslots[0];
  const start = demoSaturday();
  return (
    <GallerySection id="gallery-booking" title="Booking">
      <WidgetExamples
        title="Booking date-range picker"
        caption={`Lakeside Lodge, the team of the demo opportunity "${DEMO_RESIDENTIAL_SLUG}": stays start and end on Saturdays.`}
      >
        {failed ? (
          <p>
            The demo opportunity could not be loaded: seed the demo data (npm run db:seed) to try the picker.
          </p>
        ) : null}
        {opportunity === null && !failed ? <Spinner label="Loading the demo opportunity…" showLabel /> : null}
        {opportunity ? (
          <>
            <BookingExample
              title="Empty (inline)"
              testId="booking-inline"
              teamId={opportunity.team.id}
              minDuration={slot?.min_duration}
              maxDuration={slot?.max_duration}
              maxDate={opportunity.end_date}
              label="Your stay"
              required
            />
            <BookingExample
              title="Filled (dropdown)"
              caption="In a dropdown: OK or a click outside closes it."
              testId="booking-dropdown"
              initial={{ start_date: start, end_date: addDaysIso(start, 7), willing_to_share: true }}
              teamId={opportunity.team.id}
              minDuration={slot?.min_duration}
              maxDuration={slot?.max_duration}
              display="dropdown"
              toggleLabel="Edit dates"
              label="Your stay"
            />
            <BookingExample
              title="Filled, more durations"
              caption="Three or more durations (7 to 28 nights here) are offered in a select."
              testId="booking-durations"
              teamId={opportunity.team.id}
              minDuration={7}
              maxDuration={28}
              label="Your stay"
            />
            <BookingExample
              title="Error"
              testId="booking-error"
              teamId={opportunity.team.id}
              label="Your stay"
              required
              error="Please select a start and end date"
            />
            <Example
              title="Read-only"
              caption="Not applicable: a booking that cannot change is shown as text (the residential step's table), not as a picker."
            />
            <Example
              title="Busy"
              caption='Every picker above starts busy: disabled, with "Loading availability…", until the changeover days and availability arrive; a month change shows it again while the next months load.'
            />
          </>
        ) : null}
      </WidgetExamples>
    </GallerySection>
  );
}
