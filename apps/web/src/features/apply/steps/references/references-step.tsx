import type { StepProps } from '../step-props';

/**
 * The references step: the referees (applicant-flow §2.7) is not built yet, so the step says so; a form with it still opens
 * and can be looked through.
 */
export function ReferencesStep({ section }: StepProps) {
  return (
    <div className="apply-notice apply-notice--info" data-step-type={section.type}>
      <p>This step is not available yet.</p>
    </div>
  );
}
