import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SaveButton } from './save-button';

describe('SaveButton', () => {
  it('state 0 is a normal, enabled "Save" button that acts on click', async () => {
    const onClick = vi.fn();
    render(<SaveButton state={0} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('state 0 takes its label from children', () => {
    render(<SaveButton>Save consents</SaveButton>);
    expect(screen.getByRole('button', { name: 'Save consents' })).toBeInTheDocument();
  });

  it('state 1 is busy: spinner, aria-busy, "Saving…", announced, and disabled', async () => {
    const onClick = vi.fn();
    const { container } = render(<SaveButton state={1} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(container.querySelector('button .spinner')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps focus on itself when it turns busy after a keyboard press', async () => {
    const { rerender } = render(<SaveButton state={0} type="button" />);
    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveFocus();
    rerender(<SaveButton state={1} type="button" />);
    expect(button).toHaveFocus();
  });

  it('does not submit its form while busy, by click or by Enter in a field', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <label>
          Name <input />
        </label>
        <SaveButton state={1} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ann{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form in state 0', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SaveButton />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('state 2 shows "Saved!" by default, announced, and is disabled', async () => {
    const onClick = vi.fn();
    render(<SaveButton state={2} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Saved!' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('status')).toHaveTextContent('Saved!');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('state 2 takes an overriding saved label', () => {
    render(<SaveButton state={2} savedLabel="Consents saved" />);
    expect(screen.getByRole('button', { name: 'Consents saved' })).toBeInTheDocument();
  });
});
