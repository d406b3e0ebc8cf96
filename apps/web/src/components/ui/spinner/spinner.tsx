import { useReducedMotion } from './use-reduced-motion';
import './spinner.css';

export type SpinnerProps = {
  /** What is happening, read by screen readers (and shown when `showLabel` or motion is reduced). */
  label?: string;
  /** Show the label beside the indicator, not only to screen readers. */
  showLabel?: boolean;
  size?: 'small' | 'medium';
  /**
   * Inside a control that announces its own state (a busy button): no status role, hidden from
   * assistive technology, so the state is not read twice.
   */
  decorative?: boolean;
  className?: string;
};

/**
 * A busy indicator announced to screen readers as a status. With reduced motion requested the
 * ring stands still and the label is shown instead, so the busy state is still visible.
 */
export function Spinner({ label = 'Loading…', showLabel = false, size = 'medium', decorative = false, className }: SpinnerProps) {
  const reducedMotion = useReducedMotion();
  const labelVisible = showLabel || reducedMotion;
  const classes = ['spinner', `spinner--${size}`, reducedMotion ? 'spinner--still' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (decorative) {
    return (
      <span className={classes} aria-hidden="true" data-motion={reducedMotion ? 'reduced' : 'full'}>
        <span className="spinner__ring" />
      </span>
    );
  }
  return (
    <span className={classes} role="status" data-motion={reducedMotion ? 'reduced' : 'full'}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className={labelVisible ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
