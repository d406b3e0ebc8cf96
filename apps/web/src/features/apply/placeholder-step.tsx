import type { FormSection } from '@muster/contract';

/**
 * Stands in for the step types that later issues build (address details, supporting documents,
 * references, residential, diversity), so that a form with them still opens and can be looked
 * through.
 */
export function PlaceholderStep({ section }: { section: FormSection }) {
  return (
    <div className="apply-notice apply-notice--info" data-step-type={section.type}>
      <p>This step is not available yet.</p>
    </div>
  );
}
