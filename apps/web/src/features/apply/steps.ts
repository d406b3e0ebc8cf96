import type { FormSection } from '@muster/contract';
import { STEP_REGISTRY, type SectionType } from './steps/registry';

export type { SectionType };

/**
 * Which top-level fields each step type owns (applicant-flow §3.1, §3.2), from each step's
 * `body.ts`. Questions and attributes belong to the step whose section lists their slug.
 */
export const STEP_FIELDS: Record<SectionType, readonly string[]> = Object.fromEntries(
  Object.entries(STEP_REGISTRY).map(([type, step]) => [type, step.fields]),
) as Record<SectionType, readonly string[]>;

/** The slugs of the attributes a section asks for. */
export function attributeSlugs(section: FormSection): string[] {
  return section.attributes.map((entry) => entry.attribute.slug);
}

/** The slugs of the questions a section asks. */
export function questionSlugs(section: FormSection): string[] {
  return section.questions.map((question) => question.slug);
}

/**
 * The index of the step a field belongs to, from its dotted path (`questions.heard-about-us`,
 * `addresses.0.street`, `first_name`). Questions and attributes go to the step listing their
 * slug, every other field to the first step of its owning type. A field no step owns goes to
 * the last step, where the whole application is reviewed.
 */
export function stepIndexOfField(path: string, sections: readonly FormSection[]): number {
  const [head = '', second = ''] = path.split('.');
  if (head === 'questions' || head === 'attributes') {
    const index = sections.findIndex((section) =>
      (head === 'questions' ? questionSlugs(section) : attributeSlugs(section)).includes(second),
    );
    if (index !== -1) {
      return index;
    }
  } else {
    const index = sections.findIndex((section) => STEP_FIELDS[section.type].includes(head));
    if (index !== -1) {
      return index;
    }
  }
  return Math.max(0, sections.length - 1);
}

/** The steps (indexes, ascending) that hold at least one of the given error paths. */
export function stepsWithErrors(paths: Iterable<string>, sections: readonly FormSection[]): number[] {
  const steps = new Set<number>();
  for (const path of paths) {
    steps.add(stepIndexOfField(path, sections));
  }
  return [...steps].sort((a, b) => a - b);
}

/** The heading of a step: its number and the server's name (`2. Your motivation`). */
export function stepHeading(index: number, section: FormSection): string {
  return `${index + 1}. ${section.name}`;
}

/** Screen-reader text of applicant-flow §2.1: 'Step X of N.' plus the steps in error. */
export function stepStatusText(index: number, sections: readonly FormSection[], errorSteps: readonly number[]): string {
  const base = `Step ${index + 1} of ${sections.length}.`;
  const named = errorSteps.filter((step) => step < sections.length).map((step) => stepHeading(step, sections[step]!));
  if (named.length === 0) {
    return base;
  }
  return `${base} ${named.length === 1 ? 'This step has' : 'These steps have'} validation errors: ${named.join(', ')}.`;
}

/** Attributes of a section in display order: by category (categories by first position), then position. */
export function groupAttributes(section: FormSection): { category: { id: number; name: string } | null; attributes: FormSection['attributes'][number]['attribute'][] }[] {
  const sorted = [...section.attributes].map((entry) => entry.attribute).sort((a, b) => a.position - b.position);
  const groups: { category: { id: number; name: string } | null; attributes: typeof sorted }[] = [];
  for (const attribute of sorted) {
    const key = attribute.category?.id ?? null;
    let group = groups.find((candidate) => (candidate.category?.id ?? null) === key);
    if (!group) {
      group = { category: attribute.category, attributes: [] };
      groups.push(group);
    }
    group.attributes.push(attribute);
  }
  return groups;
}
