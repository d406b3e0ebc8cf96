import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../icon/icon';
import './contact-panel.css';

export type Contact = { name?: string | null; email?: string | null; phone?: string | null };

/**
 * A collapsible contact panel: a heading button that shows or hides the contact's details
 * (platform-foundation §2). Closed by default.
 */
export function ContactPanel({
  title = 'Contact',
  contact,
  children,
  defaultOpen = false,
  headingLevel = 2,
}: {
  title?: string;
  contact?: Contact;
  children?: ReactNode;
  defaultOpen?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={`contact-panel${open ? ' contact-panel--open' : ''}`}>
      <Heading className="contact-panel__heading">
        <button
          type="button"
          className="contact-panel__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{title}</span>
          <Icon name={open ? 'chevron-up' : 'chevron-down'} />
        </button>
      </Heading>
      <div id={bodyId} className="contact-panel__body" hidden={!open}>
        {contact ? (
          <dl className="contact-panel__details">
            {contact.name ? (
              <>
                <dt>Name</dt>
                <dd>{contact.name}</dd>
              </>
            ) : null}
            {contact.email ? (
              <>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <dt>Telephone</dt>
                <dd>
                  <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {children}
      </div>
    </section>
  );
}
