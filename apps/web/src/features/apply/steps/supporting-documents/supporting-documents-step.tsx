import type { StepProps } from '../step-props';

/**
 * The supporting-documents step: the supporting documents (applicant-flow §2.6) is not built yet, so the step says so; a form with it still opens
 * and can be looked through.
 */
export function SupportingDocumentsStep({ section }: StepProps) {
  return (
    <div className="apply-notice apply-notice--info" data-step-type={section.type}>
      <p>This step is not available yet.</p>
    </div>
  );
}
