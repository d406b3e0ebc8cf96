import { useState } from 'react';
import {
  CUSTOM_FIELD_TYPES,
  validateCustomFieldValue,
  type Attachment,
  type CustomFieldOption,
  type CustomFieldType,
} from '@muster/contract';
import { CustomField, type CustomFieldDefinition } from '../../../components/ui/custom-field/custom-field';
import type {
  DiversityAnswer,
  DiversityQuestion as Question,
} from '../../../components/ui/diversity-question/diversity-answer';
import { DiversityQuestion } from '../../../components/ui/diversity-question/diversity-question';
import { MarkdownEditor } from '../../../components/ui/markdown-editor/markdown-editor';
import { ephemeralUploader } from '../../../lib/api/calls/files';
import { api } from '../../../lib/api/catalogue-client';
import { Emitted, Example, GallerySection, LiveExample, WidgetExamples } from '../gallery';

/** What a widget emitted, as JSON, or '(empty)'. */
function emittedText(value: unknown): string {
  return value === undefined || value === null || value === '' ? '(empty)' : JSON.stringify(value);
}

const sizes: CustomFieldOption[] = [
  { value: 'l', display: 'Large', position: 3 },
  { value: 's', display: 'Small', position: 1 },
  { value: 'm', display: 'Medium', position: 2, default_selected: true },
];
const contactOptions: CustomFieldOption[] = [
  { value: 'email', display: 'Email', position: 1 },
  { value: 'phone', display: 'Telephone', position: 2 },
  { value: 'post', display: 'Post', position: 3 },
];
const interests: CustomFieldOption[] = [
  { value: 'outdoors', display: 'Outdoors', position: 1 },
  { value: 'events', display: 'Events', position: 2 },
  { value: 'admin', display: 'Office and admin', position: 3 },
];
/** A small teal square, inline so the gallery shows a thumbnail without a stored file. */
const thumbnail =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='64' height='64'%3E%3Crect width='64' height='64' fill='%23134e4a'/%3E%3C/svg%3E";
const certificate: Attachment = {
  id: 'gallery-certificate',
  url: api.files.href('00000000-0000-4000-8000-000000000001'),
  original_name: 'first-aid-certificate.pdf',
  file_size: 182_000,
  type: 'application/pdf',
};
const video: Attachment = {
  id: 'gallery-video',
  url: api.files.href('00000000-0000-4000-8000-000000000002'),
  name: 'induction-talk.mp4',
  size: 5_400_000,
  type: 'video/mp4',
};
const photo: Attachment = {
  id: 'gallery-photo',
  url: thumbnail,
  original_name: 'profile.png',
  file_size: 48_000,
  type: 'image/png',
  thumbnails: { thumb: thumbnail },
};

type Sample = {
  name: string;
  options?: CustomFieldOption[];
  filled: unknown;
  /** What the field holds when empty. */
  empty?: unknown;
  /** A value given but badly formed, shown in the error state instead of an empty one. */
  invalid?: unknown;
  caption?: string;
};

/** The field name and sample values of each type. */
const samples: Record<CustomFieldType, Sample> = {
  text: { name: 'Nickname', filled: 'Sam' },
  integer: { name: 'Years volunteering', filled: 12, caption: 'Whole numbers, step 1.' },
  date: { name: 'Date of last DBS check', filled: '2023-11-27' },
  datetime: { name: 'Induction appointment', filled: '2024-11-27 18:05' },
  html: {
    name: 'About you',
    filled:
      '### Hello\n\nI have **five years** of experience with _youth groups_.\n\n- First aid\n- Minibus licence',
  },
  email: { name: 'Work email', filled: 'sam@example.org', invalid: 'sam@' },
  telephone: { name: 'Emergency contact number', filled: '07911 123456', invalid: '12345' },
  boolean: { name: 'Do you drive?', filled: true },
  decimal: { name: 'Hours per week', filled: 7.5, caption: 'Step 0.1.' },
  currency: {
    name: 'Expenses claimed',
    filled: 1250.5,
    caption: 'Step 0.01; the organisation symbol (default £).',
  },
  dropdown: {
    name: 'T-shirt size',
    options: sizes,
    filled: 'l',
    caption: 'Medium is default_selected: it is preselected while empty.',
  },
  startenddate: {
    name: 'Availability window',
    filled: { start: '2025-06-01', end: '2025-06-14' },
    empty: { start: null, end: null },
  },
  checkboxes: { name: 'Interests', options: interests, filled: ['outdoors', 'admin'], empty: [] },
  radio: { name: 'Preferred contact', options: contactOptions, filled: 'phone' },
  files: {
    name: 'Certificates',
    filled: [certificate, video],
    empty: [],
    caption: 'Uploads go to POST /api/files?ephemeral=1.',
  },
  file: { name: 'CV', filled: certificate, caption: 'One file; a new one replaces it.' },
  photo: { name: 'Profile photo', filled: photo, caption: 'BMP, GIF, JPEG or PNG only.' },
  link: { name: 'Portfolio', filled: 'example.org/portfolio', invalid: 'not a link' },
};

/** A field that keeps its own value, for one gallery state. */
function LiveField({
  field,
  testId,
  validate = false,
  busy = false,
}: {
  field: CustomFieldDefinition;
  testId: string;
  validate?: boolean;
  busy?: boolean;
}) {
  const [value, setValue] = useState<unknown>(field.value);
  const [uploading, setUploading] = useState(false);
  const host = typeof window === 'undefined' ? 'localhost' : window.location.host;
  const error = validate ? (validateCustomFieldValue(field, value, { host }) ?? undefined) : undefined;
  const isFile = field.type === 'file' || field.type === 'files' || field.type === 'photo';
  return (
    <>
      <CustomField
        field={{ ...field, value }}
        onChange={setValue}
        error={error}
        busy={busy}
        organisation={{ currency_symbol: '£', date_format: 'DD/MM/Y' }}
        onUploadingChange={setUploading}
        uploader={ephemeralUploader}
      />
      <Emitted testId={testId} text={emittedText(value)} />
      {isFile ? <p>Uploading: {uploading ? 'yes' : 'no'}</p> : null}
    </>
  );
}

function CustomFieldExamples({ type }: { type: CustomFieldType }) {
  const sample = samples[type];
  const base: CustomFieldDefinition = {
    type,
    name: sample.name,
    slug: `gallery-${type}`,
    options: sample.options,
  };
  const empty = sample.empty ?? null;
  return (
    <WidgetExamples title={`Custom field: ${type}`} caption={sample.caption}>
      <Example title="Empty">
        <LiveField field={{ ...base, value: empty }} testId={`custom-field-${type}-empty-value`} />
      </Example>
      <Example title="Filled">
        <LiveField field={{ ...base, value: sample.filled }} testId={`custom-field-${type}-filled-value`} />
      </Example>
      <Example
        title="Error"
        caption={
          sample.invalid === undefined
            ? 'Compulsory and empty: the default message of the type.'
            : 'A badly formed value: the default message of the type.'
        }
      >
        <LiveField
          // Without preselected options, so that the empty state stays empty.
          field={{
            ...base,
            options: sample.options?.map((option) => ({ ...option, default_selected: false })),
            compulsory: true,
            value: sample.invalid ?? empty,
          }}
          testId={`custom-field-${type}-error-value`}
          validate
        />
      </Example>
      <Example title="Read-only" caption="Permission read-only: shown, not editable.">
        <CustomField field={{ ...base, value: sample.filled, permission: 'read-only' }} />
      </Example>
      <Example title="Busy" caption="While the form is saving: nothing can change.">
        <LiveField
          field={{ ...base, value: sample.filled }}
          testId={`custom-field-${type}-busy-value`}
          busy
        />
      </Example>
      <Example title="Display, empty">
        <CustomField mode="display" field={{ ...base, value: empty }} />
      </Example>
      <Example title="Display, filled">
        <CustomField mode="display" field={{ ...base, value: sample.filled }} />
      </Example>
    </WidgetExamples>
  );
}

function UnknownTypeExamples() {
  const base: CustomFieldDefinition = { type: 'colour', name: 'Favourite colour', slug: 'gallery-colour' };
  return (
    <WidgetExamples
      title="Custom field: unknown type"
      caption="A type the renderer does not know shows its value as plain text."
    >
      <Example title="Filled">
        <CustomField field={{ ...base, value: 'Teal' }} />
      </Example>
      <Example title="Empty">
        <CustomField field={{ ...base, value: null }} />
      </Example>
    </WidgetExamples>
  );
}

function MarkdownEditorExamples() {
  return (
    <WidgetExamples title="Markdown editor">
      <LiveExample title="Empty" testId="markdown-editor-empty-value" describe={emittedText}>
        {(field) => <MarkdownEditor label="Team description" {...field} />}
      </LiveExample>
      <LiveExample
        title="Filled"
        initial={'### Our team\n\nWe meet **every Tuesday**.\n\n1. Arrive\n2. Sign in'}
        testId="markdown-editor-filled-value"
        describe={emittedText}
      >
        {(field) => <MarkdownEditor label="Welcome message" {...field} />}
      </LiveExample>
      <LiveExample title="Error">
        {(field) => (
          <MarkdownEditor
            label="Role summary"
            required
            error={field.value.trim() === '' ? 'Please provide a value' : undefined}
            {...field}
          />
        )}
      </LiveExample>
      <Example title="Read-only">
        <MarkdownEditor
          label="Published notes"
          value="**Published** text cannot change."
          onChange={() => undefined}
          readOnly
        />
      </Example>
      <Example title="Busy" caption="While the form is saving.">
        <MarkdownEditor label="Draft notes" value="Saving this text…" onChange={() => undefined} busy />
      </Example>
    </WidgetExamples>
  );
}

const genderQuestion: Question = {
  id: 901,
  question_text: 'Which of these best describes your gender?',
  is_multiple_select: false,
  options: [
    { id: 1, option_text: 'Prefer not to say', is_other: false },
    { id: 2, option_text: 'Man', is_other: false },
    { id: 3, option_text: 'Woman', is_other: false },
    { id: 4, option_text: 'Other', is_other: true },
  ],
};
const religionQuestion: Question = {
  id: 902,
  question_text: 'What is your religion or belief?',
  is_multiple_select: false,
  options: [
    { id: 69, option_text: 'No religion', is_other: false },
    { id: 71, option_text: 'Buddhist', is_other: false },
    { id: 73, option_text: 'Christian', is_other: false },
    { id: 74, option_text: 'Hindu', is_other: false },
    { id: 77, option_text: 'Jewish', is_other: false },
    { id: 80, option_text: 'Muslim', is_other: false },
    { id: 88, option_text: 'Other', is_other: true },
  ],
};
const languageQuestion: Question = {
  id: 903,
  question_text: 'Which languages do you speak?',
  is_multiple_select: true,
  options: [
    { id: 11, option_text: 'English', is_other: false },
    { id: 12, option_text: 'Welsh', is_other: false },
    { id: 13, option_text: 'British Sign Language', is_other: false },
    { id: 14, option_text: 'Other', is_other: true },
  ],
};

function LiveQuestion({
  question,
  initial = null,
  testId,
  error,
  busy = false,
  disabled = false,
}: {
  question: Question;
  initial?: DiversityAnswer | null;
  testId: string;
  error?: string;
  busy?: boolean;
  disabled?: boolean;
}) {
  const [answer, setAnswer] = useState<DiversityAnswer | null>(initial);
  return (
    <>
      <DiversityQuestion
        question={question}
        value={answer}
        onChange={setAnswer}
        error={answer ? undefined : error}
        required={error !== undefined}
        busy={busy}
        disabled={disabled}
      />
      <Emitted testId={testId} text={emittedText(answer)} />
    </>
  );
}

function DiversityQuestionExamples() {
  const otherAnswer: DiversityAnswer = {
    question_id: 901,
    option_id: 4,
    options: [],
    other_text: 'Agender',
    is_other: true,
  };
  return (
    <WidgetExamples title="Diversity question">
      <Example title="Empty (up to 4 options: radio buttons)">
        <LiveQuestion question={genderQuestion} testId="diversity-radio-empty-value" />
      </Example>
      <Example title="Empty (more than 4 options: dropdown)">
        <LiveQuestion question={religionQuestion} testId="diversity-select-empty-value" />
      </Example>
      <Example title="Empty (multiple select: checkboxes)">
        <LiveQuestion question={languageQuestion} testId="diversity-checkboxes-empty-value" />
      </Example>
      <Example title="Filled (Other, specified)">
        <LiveQuestion question={genderQuestion} initial={otherAnswer} testId="diversity-filled-value" />
      </Example>
      <Example title="Error">
        <LiveQuestion
          question={religionQuestion}
          testId="diversity-error-value"
          error="Please select an option"
        />
      </Example>
      <Example title="Read-only" caption="Answers already given cannot be changed.">
        <LiveQuestion
          question={genderQuestion}
          initial={{ ...otherAnswer, question_id: 901 }}
          testId="diversity-read-only-value"
          disabled
        />
      </Example>
      <Example title="Busy" caption="While the answers are saving.">
        <LiveQuestion
          question={languageQuestion}
          initial={{ question_id: 903, option_id: null, options: [11, 12], other_text: '', is_other: false }}
          testId="diversity-busy-value"
          busy
        />
      </Example>
    </WidgetExamples>
  );
}

/**
 * Gallery section: the custom attribute field renderer (every one of the 18 types, plus an
 * unknown one, in edit and display modes, empty, filled, error, read-only and busy), the
 * Markdown editor and the diversity question renderer.
 */
export function AttributeSection() {
  return (
    <GallerySection
      id="gallery-attributes"
      title="Custom attribute fields, Markdown editor and diversity questions"
    >
      {CUSTOM_FIELD_TYPES.map((type) => (
        <CustomFieldExamples key={type} type={type} />
      ))}
      <UnknownTypeExamples />
      <MarkdownEditorExamples />
      <DiversityQuestionExamples />
    </GallerySection>
  );
}
