import { DateTimeSection } from './sections/date-time-section';
import { AttributeSection } from './sections/attribute-section';
import { PhonePasswordSection } from './sections/phone-password-section';
import { BookingSection } from './sections/booking-section';

/** `/dev/widgets`: every shared widget in every state; exists outside production only. */
export function GalleryPage() {
  return (
    <section className="page">
      <h1>Widget gallery</h1>
      <DateTimeSection />
      <AttributeSection />
      <PhonePasswordSection />
      <BookingSection />
    </section>
  );
}
