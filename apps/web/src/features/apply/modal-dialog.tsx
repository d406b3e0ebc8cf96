import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, the rest of the page inert while it is open, Tab and
 * Shift+Tab kept inside, Escape closes, and focus goes back where it was (or to `returnFocus`).
 */
export function ModalDialog({
  title,
  children,
  onClose,
  initialFocus,
  returnFocus,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Selector of the element inside that takes focus first; the first focusable one otherwise. */
  initialFocus?: string;
  /** Where focus goes when the dialog closes; the element focused before it opened otherwise. */
  returnFocus?: () => HTMLElement | null;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'apply-modal-root';
    return element;
  });
  const closeRef = useRef(onClose);
  const returnRef = useRef(returnFocus);
  useEffect(() => {
    closeRef.current = onClose;
    returnRef.current = returnFocus;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.append(host);
    // Everything else on the page is out of reach for pointer, keyboard and screen readers.
    const others = [...document.body.children].filter(
      (element): element is HTMLElement => element !== host && element instanceof HTMLElement && !element.inert,
    );
    for (const element of others) {
      element.inert = true;
    }
    const first =
      (initialFocus ? panel.current?.querySelector<HTMLElement>(initialFocus) : null) ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel.current;
    first?.focus();
    return () => {
      for (const element of others) {
        element.inert = false;
      }
      host.remove();
      (returnRef.current?.() ?? previous)?.focus();
    };
  }, [host, initialFocus]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) {
      return;
    }
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="apply-modal">
      <div className="apply-modal__backdrop" aria-hidden="true" />
      <div
        ref={panel}
        className="apply-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="apply-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    host,
  );
}
