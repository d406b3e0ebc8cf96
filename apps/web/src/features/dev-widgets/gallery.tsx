import { useState, type ReactNode } from 'react';

/** One gallery section: a landmark named by its own heading. */
export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="gallery-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The states of one widget under its heading. A fragment, not a wrapper: the states stay siblings
 * of the heading, as the gallery's tests walk them.
 */
export function WidgetExamples({
  title,
  caption,
  children,
}: {
  title: ReactNode;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <h3>{title}</h3>
      {caption ? <p className="gallery-example__caption">{caption}</p> : null}
      {children}
    </>
  );
}

/** One state of one widget, under its own heading. */
export function Example({
  title,
  caption,
  children,
}: {
  title: string;
  caption?: string;
  children?: ReactNode;
}) {
  return (
    <div className="gallery-example">
      <h4>{title}</h4>
      {caption ? <p className="gallery-example__caption">{caption}</p> : null}
      {children}
    </div>
  );
}

/** Prints what a widget emitted, so the gallery (and the e2e suite) can see it. */
export function Emitted({ testId, text }: { testId: string; text: string }) {
  return (
    <p>
      Value: <code data-testid={testId}>{text}</code>
    </p>
  );
}

/** What a widget holding a string is given: its value and where its changes go. */
export type LiveField = { value: string; onChange: (value: string) => void };

/** A string as the gallery prints it: as it is, or '(empty)'. */
export function plainText(value: string): string {
  return value === '' ? '(empty)' : value;
}

export type LiveExampleProps = {
  title: string;
  caption?: string;
  /** The value the widget starts with; empty by default. */
  initial?: string;
  /** With a test id, what the widget holds is printed under it. */
  testId?: string;
  /** How the printed value reads; as it is by default. */
  describe?: (value: string) => string;
  /** The widget, given the value it holds and the setter its changes go to. */
  children: (field: LiveField) => ReactNode;
};

/** A state whose widget keeps its own string value, as a form would hold it. */
export function LiveExample({
  title,
  caption,
  initial = '',
  testId,
  describe = plainText,
  children,
}: LiveExampleProps) {
  const [value, setValue] = useState(initial);
  return (
    <Example title={title} caption={caption}>
      {children({ value, onChange: setValue })}
      {testId ? <Emitted testId={testId} text={describe(value)} /> : null}
    </Example>
  );
}
