import { useFormContext, useWatch } from 'react-hook-form';
import type { ApplicationFormValues } from '../../form-values';
import type { StepProps } from '../step-props';
import { isSupplied } from './body';
import { DocumentField } from './document-field';
import { useAcceptedFileTypes } from './file-types';
import '../../../../components/ui/custom-field/custom-field.css';
import './supporting-documents-step.css';

/**
 * The supporting-documents step (applicant-flow §2.6): one file input per document the step
 * asks for, each uploading as soon as a file is chosen; the form waits while uploads are on
 * their way. Documents supplied before are disabled with 'This document has already been
 * supplied'; every other one is required.
 */
export function SupportingDocumentsStep({ section, onUploadingChange }: StepProps) {
  const { control } = useFormContext<ApplicationFormValues>();
  const supplied = useWatch({ control, name: 'documents' });
  const accept = useAcceptedFileTypes();
  return (
    <div className="apply-documents" data-step-type={section.type}>
      {section.documents.map((document) => (
        <DocumentField
          key={document.id}
          document={document}
          supplied={isSupplied(supplied ?? [], document.id)}
          accept={accept}
          onUploadingChange={onUploadingChange}
        />
      ))}
    </div>
  );
}
