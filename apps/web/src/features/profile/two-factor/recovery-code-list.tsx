import { useId } from 'react';
import './two-factor-panel.css';

/** The recovery codes just issued, shown this once with what they are for. */
export function RecoveryCodeList({ codes, headingLevel = 3 }: { codes: string[]; headingLevel?: 2 | 3 }) {
  const ids = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="two-factor-panel__codes">
      <Heading id={`${ids}-codes-heading`}>Your recovery codes</Heading>
      <p>
        If you lose your device, sign in with one of these codes instead. Each works once. Keep them somewhere
        safe: they are shown only now.
      </p>
      <ul aria-labelledby={`${ids}-codes-heading`}>
        {codes.map((recovery) => (
          <li key={recovery}>
            <code>{recovery}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
