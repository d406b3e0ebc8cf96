import {
  validateCustomFieldValue,
  type CustomFieldOption,
  type CustomFieldValidationContext,
} from '../../custom-field.js';
import {
  allOf,
  isBlank,
  readFlag,
  readList,
  readObject,
  type Issues,
  type Path,
  type StepReadContext,
} from '../read.js';
import type { PhoneLibrary } from '../submission.js';

/*
 * The about-you step (applicant-flow §2.5, §3.8): answers to the custom questions and attribute
 * values, keyed by slug. Every step may carry such blocks; they are all read here.
 */

/** The stored form of one custom answer: its value by type, and the files of file types. */
export type CustomAnswer = {
  value: string | number | boolean | string[] | { start: string | null; end: string | null } | null;
  /** File ids of files, file and photo answers (their `value` is null). */
  fileIds: string[];
};

export type AboutYouPart = {
  questions: Record<string, CustomAnswer>;
  attributes: Record<string, CustomAnswer>;
};

/** The body fields this step owns, with their descriptions. */
export const aboutYouFields = {
  questions: 'Answers keyed by question slug.',
  attributes: 'Values keyed by attribute slug.',
} as const;

/** libphonenumber's check, taking a region the library may not know (then read as written). */
function phoneCheck(library: PhoneLibrary): (text: string, region: string) => boolean {
  return (text, region) =>
    library.isSupportedCountry(region) ? library.isValidPhoneNumber(text, region) : library.isValidPhoneNumber(text);
}

/** Reads the answers to the questions and the writable attributes of every step. */
export function readAboutYou({ issues, raw, sections, options }: StepReadContext): AboutYouPart {
  const questionFields = allOf(sections, (section) => section.questions);
  const attributeFields = allOf(sections, (section) =>
    section.attributes
      .map(({ attribute }) => attribute)
      .filter((attribute) => attribute.permission === 'write'),
  );
  const customContext: CustomFieldValidationContext = {
    host: options.host,
    defaultPhoneRegion: options.defaultPhoneRegion,
    ...(options.phoneLibrary ? { isValidPhoneNumber: phoneCheck(options.phoneLibrary) } : {}),
  };
  return {
    questions: readCustomAnswers(issues, 'questions', dedupe(questionFields), raw.questions, customContext),
    attributes: readCustomAnswers(
      issues,
      'attributes',
      dedupe(attributeFields),
      raw.attributes,
      customContext,
    ),
  };
}

function dedupe<T extends { slug: string }>(fields: T[]): T[] {
  const seen = new Set<string>();
  return fields.filter((field) => (seen.has(field.slug) ? false : (seen.add(field.slug), true)));
}

type CustomField = {
  slug: string;
  type: string;
  compulsory: boolean;
  message: string | null;
  options: CustomFieldOption[];
};

const FILE_TYPES = new Set(['files', 'file', 'photo']);
const NUMBER_TYPES = new Set(['integer', 'decimal', 'currency']);

/** Puts a FormData value into the shape `validateCustomFieldValue` expects for the type. */
function shapeCustomValue(issues: Issues, path: Path, type: string, raw: unknown): unknown {
  if (type === 'boolean') {
    const flag = readFlag(raw);
    return flag === 'invalid' ? raw : flag;
  }
  if (type === 'checkboxes') {
    return readList(issues, path, raw)
      .filter((item) => !isBlank(item))
      .map((item) => (typeof item === 'number' ? String(item) : item));
  }
  if (type === 'startenddate') {
    const range = readObject(raw);
    if (!range) {
      return isBlank(raw) ? null : raw;
    }
    const end = (key: string) => (isBlank(range[key]) ? null : range[key]);
    return { start: end('start'), end: end('end') };
  }
  if (FILE_TYPES.has(type)) {
    const single = readObject(raw);
    // One attachment sent as an object of its fields, or a list of them.
    const list = single && 'id' in single ? [single] : readList(issues, path, raw);
    return list
      .filter((item) => !isBlank(item))
      .map((item) => {
        if (typeof item === 'string') {
          return { id: item, url: `/api/files/${item}` };
        }
        const attachment = readObject(item);
        if (attachment && (typeof attachment.id === 'string' || typeof attachment.id === 'number')) {
          const id = String(attachment.id);
          return {
            ...attachment,
            id,
            url: typeof attachment.url === 'string' ? attachment.url : `/api/files/${id}`,
          };
        }
        return item;
      });
  }
  if (typeof raw === 'string') {
    return raw.trim();
  }
  return raw;
}

function readCustomAnswers(
  issues: Issues,
  root: string,
  fields: readonly CustomField[],
  rawValues: unknown,
  context: CustomFieldValidationContext,
): Record<string, CustomAnswer> {
  const values = readObject(rawValues) ?? {};
  const answers: Record<string, CustomAnswer> = {};
  for (const field of fields) {
    const path = [root, field.slug];
    const shaped = shapeCustomValue(issues, path, field.type, values[field.slug]);
    const message = validateCustomFieldValue(
      {
        type: field.type,
        compulsory: field.compulsory,
        options: field.options,
        message: field.message ?? undefined,
      },
      shaped,
      context,
    );
    if (message !== null) {
      issues.add(path, message);
      continue;
    }
    answers[field.slug] = storedCustomAnswer(field.type, shaped);
  }
  return answers;
}

function storedCustomAnswer(type: string, shaped: unknown): CustomAnswer {
  if (FILE_TYPES.has(type)) {
    const list = Array.isArray(shaped) ? shaped : [];
    return { value: null, fileIds: list.map((item) => String((item as { id: string }).id)) };
  }
  if (NUMBER_TYPES.has(type)) {
    return { value: isBlank(shaped) ? null : Number(shaped), fileIds: [] };
  }
  if (type === 'checkboxes') {
    return { value: (shaped as unknown[]).map(String), fileIds: [] };
  }
  if (type === 'startenddate') {
    const range = shaped as { start: string | null; end: string | null } | null;
    return {
      value: range && (range.start || range.end) ? { start: range.start, end: range.end } : null,
      fileIds: [],
    };
  }
  if (type === 'boolean') {
    return { value: typeof shaped === 'boolean' ? shaped : null, fileIds: [] };
  }
  return { value: isBlank(shaped) ? null : (shaped as string), fileIds: [] };
}
