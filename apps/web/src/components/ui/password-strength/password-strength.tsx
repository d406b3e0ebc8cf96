import { checkPasswordRules } from '@muster/contract';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { getLoadedEstimator, loadEstimator, type Estimator } from './estimator';
import { meterSegments, STRENGTH_LABELS } from './strength-meter';
import './password-strength.css';

export type PasswordStrengthProps = {
  /** The password being typed. */
  password: string;
  /**
   * The password field. While focus is inside it the rules popover shows (so does it while the
   * pointer is over the meter). Point the field's `aria-describedby` at `popoverId` so that screen
   * readers hear the rules too.
   */
  children?: ReactNode;
  /** Id of the rules popover; generated when absent. */
  popoverId?: string;
  /** Words that make a password easy to guess for this person: name, email address… */
  userInputs?: readonly string[];
};

/**
 * Where the popover shows: `side`, to the right of the field, where the window has room for it;
 * `inline`, in the flow below the meter (narrow windows), where it pushes what follows down.
 */
export type PopoverPlacement = 'side' | 'inline';

const NO_INPUTS: readonly string[] = [];
/** The popover's width beside the field and the gap before it, in rem (as in the stylesheet). */
const SIDE_WIDTH_REM = 18;
const SIDE_GAP_REM = 1;
/** Time for the pointer to cross from the meter to the popover beside the field. */
const HOVER_GRACE_MS = 300;

/**
 * Where the popover fits (see {@link PopoverPlacement}) and, beside the field, its offset from the
 * widget's corner: the anchor is the field (the first input inside), else the meter.
 */
export function placePopover(
  root: HTMLElement,
  anchor: HTMLElement,
  viewportWidth: number,
  remPx: number,
): { placement: PopoverPlacement; left: number; top: number } {
  const rootBox = root.getBoundingClientRect();
  const anchorBox = anchor.getBoundingClientRect();
  const needed = (SIDE_WIDTH_REM + SIDE_GAP_REM * 2) * remPx;
  if (viewportWidth - anchorBox.right < needed) {
    return { placement: 'inline', left: 0, top: 0 };
  }
  return {
    placement: 'side',
    left: anchorBox.right - rootBox.left + SIDE_GAP_REM * remPx,
    top: anchorBox.top - rootBox.top,
  };
}

/**
 * Password strength indicator (applicant-flow §5, §8): a three-segment meter driven by the
 * zxcvbn-ts score, and a popover (a tooltip of the field) listing the four password rules (each
 * met or unmet) with the estimator's warning and suggestions. It shows while the pointer is over
 * the meter or the popover, and while focus is in the field; hovering the field itself does not
 * open it. It never covers what follows: beside the field where the window has room, else in the
 * flow below the meter, where once shown it stays (closing it would move the next field or button
 * from under a pointer on its way there). Escape hides it until the next hover or focus. The
 * estimator and its dictionaries load on first use (the first non-empty password), outside the
 * initial bundle.
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
  const [shownInline, setShownInline] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [position, setPosition] = useState<{ placement: PopoverPlacement; left: number; top: number }>({
    placement: 'side',
    left: 0,
    top: 0,
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
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
  const wanted = hovered || focused;
  const open = (position.placement === 'inline' ? wanted || shownInline : wanted) && !dismissed;

  // Placed before the first paint of each opening, and again when the window changes size.
  useLayoutEffect(() => {
    if (!wanted) {
      return undefined;
    }
    const place = () => {
      const root = rootRef.current;
      const anchor = root?.querySelector<HTMLElement>('input') ?? barRef.current;
      if (!root || !anchor) {
        return;
      }
      const remPx = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const next = placePopover(root, anchor, window.innerWidth, remPx);
      setPosition((previous) =>
        previous.placement === next.placement && previous.left === next.left && previous.top === next.top
          ? previous
          : next,
      );
      if (next.placement === 'inline') {
        setShownInline(true);
      }
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [wanted]);

  // Escape hides it wherever focus is, a pointer-opened popover included (WCAG 1.4.13).
  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDismissed(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  function show(setter: (value: boolean) => void) {
    setter(true);
    setDismissed(false);
  }

  function pointerEnter() {
    clearTimeout(leaveTimer.current);
    show(setHovered);
  }

  function pointerLeave() {
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => setHovered(false), HOVER_GRACE_MS);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (!(to instanceof Node && event.currentTarget.contains(to))) {
      setFocused(false);
    }
  }

  return (
    <div className="password-strength" ref={rootRef} onFocus={() => show(setFocused)} onBlur={handleBlur}>
      {children}
      <div
        className="password-strength__bar"
        ref={barRef}
        onMouseEnter={pointerEnter}
        onMouseLeave={pointerLeave}
      >
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
      <div
        id={rulesId}
        role="tooltip"
        className={`password-strength__popover password-strength__popover--${position.placement}`}
        style={position.placement === 'side' ? { left: position.left, top: position.top } : undefined}
        hidden={!open}
        onMouseEnter={pointerEnter}
        onMouseLeave={pointerLeave}
      >
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
