import type { StepProps } from '../step-props';

/**
 * The address-details step: the address history (applicant-flow §2.4) is not built yet, so the step says so; a form with it still opens
 * and can be looked through.
 */
export function AddressDetailsStep({ section }: StepProps) {
  return (
    <div className="apply-notice apply-notice--info" data-step-type={section.type}>
      <p>This step is not available yet.</p>
    </div>
  );
}
