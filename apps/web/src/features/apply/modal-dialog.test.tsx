import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="/elsewhere">Behind</a>
      {open ? (
        <ModalDialog title="Thank you" onClose={() => setOpen(false)}>
          <a href="/portal">Finish</a>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe('ModalDialog', () => {
  it('is labelled, keeps focus inside, makes the page behind inert and closes on Escape', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Thank you' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'Finish' })).toHaveFocus();
    expect(opener.closest('div')?.inert).toBe(true);

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Finish' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener.closest('div')?.inert).toBe(false);
    expect(opener).toHaveFocus();
  });
});
