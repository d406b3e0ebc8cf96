import { checkPasswordRules } from '@muster/contract';
import {
  useEffect,
  useId,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { getLoadedEstimator, loadEstimator, type Estimator } from './estimator';
import { meterSegments, STRENGTH_LABELS } from './strength-meter';
import './password-strength.css';

export type PasswordStrengthProps = {
  /** The password being typed. */
  password: string;
  /**
   * The password field. While focus is inside it (or the pointer is over the widget) the popover
   * with the rules shows. Point the field's `aria-describedby` at `popoverId` so that screen
   * readers hear the rules too.
   */
  children?: ReactNode;
  /** Id of the rules popover; generated when absent. */
  popoverId?: string;
  /** Words that make a password easy to guess for this person: name, email address… */
  userInputs?: readonly string[];
};

const NO_INPUTS: readonly string[] = [];

/**
 * Password strength indicator (applicant-flow §5, §8): a three-segment meter driven by the
 * zxcvbn-ts score, and a popover, shown on hover and on focus, listing the four password rules
 * (each met or unmet) with the estimator's warning and suggestions. Escape hides the popover until
 * the next hover or focus. The estimator and its dictionaries load on first use (the first
 * non-empty password), outside the initial bundle.
 */
export function PasswordStrength({
  password,
  children,
  popoverId,
  userInputs = NO_INPUTS,
}: PasswordStrengthProps) {
  const generatedId = useId();
  const rulesId = popoverId ?? `password-rules-${generatedId}`;
  const [estimator, setEstimator] = useState<Estimator | null>(getLoadedEstimator);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const needed = password !== '';

  useEffect(() => {
    if (estimator || !needed) {
      return undefined;
    }
    let live = true;
    loadEstimator().then(
      (loaded) => {
        if (live) {
          setEstimator(loaded);
        }
      },
      (cause: unknown) => {
        // The rules still show; only the meter stays empty.
        console.error('PasswordStrength: the strength estimator could not be loaded.', cause);
      },
    );
    return () => {
      live = false;
    };
  }, [estimator, needed]);

  const estimate = useMemo(
    () => (estimator && needed ? estimator.estimate(password, userInputs) : null),
    [estimator, needed, password, userInputs],
  );
  const rules = checkPasswordRules(password);
  const score = estimate?.score ?? null;
  const segments = meterSegments(password, score);
  const valueText = !needed ? 'No password entered' : score === null ? 'Checking…' : STRENGTH_LABELS[score];
  const open = (hovered || focused) && !dismissed;

  function show(setter: (value: boolean) => void) {
    setter(true);
    setDismissed(false);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (!(to instanceof Node && event.currentTarget.contains(to))) {
      setFocused(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      setDismissed(true);
    }
  }

  return (
    <div
      className="password-strength"
      onMouseEnter={() => show(setHovered)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => show(setFocused)}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    >
      {children}
      <div className="password-strength__bar">
        <div
          className="password-strength__meter"
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score ?? 0}
          aria-valuetext={valueText}
          // Without a field inside, the meter itself takes focus so keyboard users reach the popover.
          tabIndex={children ? undefined : 0}
          aria-describedby={children ? undefined : rulesId}
        >
          {segments.map((state, index) => (
            <span
              key={index}
              className={`password-strength__segment password-strength__segment--${state}`}
              data-state={state}
            />
          ))}
        </div>
        {needed && score !== null ? (
          <span className="password-strength__label" aria-hidden="true">
            {STRENGTH_LABELS[score]}
          </span>
        ) : null}
      </div>
      <div id={rulesId} className="password-strength__popover" hidden={!open}>
        <ul className="password-strength__rules">
          {rules.map((rule) => (
            <li
              key={rule.id}
              className={`password-strength__rule password-strength__rule--${rule.met ? 'met' : 'unmet'}`}
              data-met={rule.met}
            >
              <span className="password-strength__icon" aria-hidden="true">
                {rule.met ? '✓' : '✗'}
              </span>
              <span className="visually-hidden">{rule.met ? 'Met:' : 'Not met:'}</span> {rule.label}
            </li>
          ))}
        </ul>
        {estimate?.warning ? <p className="password-strength__warning">{estimate.warning}</p> : null}
        {estimate && estimate.suggestions.length > 0 ? (
          <ul className="password-strength__suggestions">
            {estimate.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
