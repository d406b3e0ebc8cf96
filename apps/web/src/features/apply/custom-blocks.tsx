import type { FormSection, Opportunity, Organisation } from '@muster/contract';
import { useCallback } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CustomField, type CustomFieldDefinition } from '../../components/ui/custom-field/custom-field';
import { ephemeralUploader } from '../../lib/api/calls/files';
import { fieldId } from './fields';
import { errorMessage } from './form-errors';
import type { ApplicationFormValues } from './form-values';
import { groupAttributes } from './steps';

type Kind = 'attributes' | 'questions';

/** One custom field bound to the form under `{kind}.{slug}`. */
function BoundField({
  kind,
  definition,
  organisation,
  phoneRegion,
  onUploadingChange,
}: {
  kind: Kind;
  definition: Omit<CustomFieldDefinition, 'value'>;
  organisation: Organisation;
  /** Region of telephone numbers typed without a country code. */
  phoneRegion: string;
  onUploadingChange: (key: string, uploading: boolean) => void;
}) {
  const name = `${kind}.${definition.slug}` as const;
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const value: unknown = useWatch({ control, name });
  const onChange = useCallback(
    (next: unknown) => setValue(name, next, { shouldDirty: true, shouldValidate: Boolean(errorMessage(errors, name)) }),
    [name, setValue, errors],
  );
  return (
    <CustomField
      id={fieldId(name)}
      field={{ ...definition, value }}
      organisation={organisation}
      defaultPhoneRegion={phoneRegion}
      onChange={onChange}
      error={errorMessage(errors, name)}
      onUploadingChange={(uploading) => onUploadingChange(name, uploading)}
      uploader={ephemeralUploader}
    />
  );
}

/**
 * The attribute and question blocks of a step (applicant-flow §2.5, §3.8): attributes by
 * category, ordered by position, then the questions; each rendered by the custom field renderer
 * and keyed by slug. Read-only attributes are shown but not editable.
 */
export function CustomBlocks({
  section,
  organisation,
  opportunity,
  onUploadingChange,
  include = { attributes: true, questions: true },
}: {
  section: FormSection;
  organisation: Organisation;
  /** Its `default_phone_country_code` reads telephone numbers typed without a country code (else GB). */
  opportunity: Pick<Opportunity, 'default_phone_country_code'>;
  onUploadingChange: (key: string, uploading: boolean) => void;
  include?: { attributes: boolean; questions: boolean };
}) {
  const phoneRegion = opportunity.default_phone_country_code || 'GB';
  const groups = include.attributes ? groupAttributes(section) : [];
  const questions = include.questions ? [...section.questions].sort((a, b) => a.position - b.position) : [];
  return (
    <>
      {groups.map((group) => {
        const fields = group.attributes.map((attribute) => (
          <BoundField
            key={attribute.slug}
            kind="attributes"
            organisation={organisation}
            phoneRegion={phoneRegion}
            onUploadingChange={onUploadingChange}
            definition={{
              type: attribute.type,
              name: attribute.name,
              slug: attribute.slug,
              compulsory: attribute.compulsory,
              permission: attribute.permission,
              options: attribute.options,
              message: attribute.message ?? undefined,
            }}
          />
        ));
        return group.category ? (
          <section key={group.category.id} className="apply-group" aria-labelledby={`apply-category-${group.category.id}`}>
            <h3 id={`apply-category-${group.category.id}`} className="apply-group__title">
              {group.category.name}
            </h3>
            {fields}
          </section>
        ) : (
          <div key="uncategorised" className="apply-group">
            {fields}
          </div>
        );
      })}
      {questions.length > 0 ? (
        <div className="apply-group">
          {questions.map((question) => (
            <BoundField
              key={question.slug}
              kind="questions"
              organisation={organisation}
              phoneRegion={phoneRegion}
              onUploadingChange={onUploadingChange}
              definition={{
                type: question.type,
                name: question.name,
                slug: question.slug,
                compulsory: question.compulsory,
                options: question.options,
                message: question.message ?? undefined,
              }}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
