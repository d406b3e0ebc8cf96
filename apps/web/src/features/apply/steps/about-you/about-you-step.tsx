import { CustomBlocks } from '../../custom-blocks';
import type { StepProps } from '../step-props';

/** The about-you step (applicant-flow §2.5): only its attribute and question blocks. */
export function AboutYouStep({ section, organisation, opportunity, onUploadingChange }: StepProps) {
  return <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />;
}
