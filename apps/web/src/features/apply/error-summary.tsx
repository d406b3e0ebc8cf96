import type { MouseEvent, Ref } from 'react';
import { fieldId } from './fields';

export type SummaryError = { name: string; message: string };

/**
 * The list of problems at the top of a step (beyond the spec, after the GOV.UK pattern): it takes
 * focus when shown, and each entry links to its field. `onSelect` moves to the field, switching
 * step when the field is on another one.
 */
export function ErrorSummary({
  errors,
  onSelect,
  summaryRef,
}: {
  errors: readonly SummaryError[];
  onSelect: (name: string) => void;
  summaryRef?: Ref<HTMLDivElement>;
}) {
  if (errors.length === 0) {
    return null;
  }
  const follow = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault();
    onSelect(name);
  };
  return (
    <div ref={summaryRef} className="apply-error-summary" tabIndex={-1} aria-labelledby="apply-error-summary-title">
      <h2 id="apply-error-summary-title" className="apply-error-summary__title">
        There is a problem
      </h2>
      <ul className="apply-error-summary__list">
        {errors.map((error) => (
          <li key={error.name}>
            <a href={`#${fieldId(error.name)}`} onClick={(event) => follow(event, error.name)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
