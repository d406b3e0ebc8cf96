import './dot.css';

/** Named colours of the design tokens; any other CSS colour is used as given. */
const TONES: Record<string, string> = {
  green: 'var(--colour-success)',
  red: 'var(--colour-error)',
  amber: 'var(--colour-warning)',
  grey: 'var(--colour-muted)',
  blue: 'var(--colour-link)',
};

/**
 * A coloured dot indicator. Colour alone says nothing to a screen reader or to colour-blind
 * users, so a `label` is read out (role img); without one the dot is decoration beside text
 * that already says the same.
 */
export function Dot({ colour, label, className }: { colour: string; label?: string; className?: string }) {
  const style = { backgroundColor: TONES[colour] ?? colour };
  const classes = ['dot', className ?? ''].filter(Boolean).join(' ');
  if (label) {
    return <span className={classes} style={style} role="img" aria-label={label} title={label} />;
  }
  return <span className={classes} style={style} aria-hidden="true" />;
}
