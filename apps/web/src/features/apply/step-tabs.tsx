import type { FormSection } from '@muster/contract';
import type { MouseEvent } from 'react';

/**
 * One tab per step, titled with the step name (applicant-flow §2.1). They are links in a
 * navigation landmark rather than an ARIA tablist: each step has its own address (`?step=N`),
 * so Back, Forward and reload work, and the current one carries `aria-current="step"`. Tabs of
 * steps with validation errors are marked, in words as well as colour.
 */
export function StepTabs({
  sections,
  current,
  errorSteps,
  hrefFor,
  onSelect,
  disabled,
}: {
  sections: readonly FormSection[];
  current: number;
  errorSteps: ReadonlySet<number>;
  hrefFor: (index: number) => string;
  onSelect: (index: number) => void;
  disabled: boolean;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    if (!disabled && index !== current) {
      onSelect(index);
    }
  };
  return (
    <nav className="apply-tabs" aria-label="Application steps">
      <ol className="apply-tabs__list">
        {sections.map((section, index) => {
          const inError = errorSteps.has(index);
          const classes = [
            'apply-tabs__tab',
            index === current ? 'apply-tabs__tab--current' : '',
            inError ? 'apply-tabs__tab--error' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={section.id} className="apply-tabs__item">
              <a
                className={classes}
                href={hrefFor(index)}
                aria-current={index === current ? 'step' : undefined}
                aria-disabled={disabled || undefined}
                onClick={(event) => follow(event, index)}
              >
                <span className="apply-tabs__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="apply-tabs__name">{section.name}</span>
                {inError ? (
                  <span className="apply-tabs__flag">
                    <span aria-hidden="true"> !</span>
                    <span className="visually-hidden"> (incomplete)</span>
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
