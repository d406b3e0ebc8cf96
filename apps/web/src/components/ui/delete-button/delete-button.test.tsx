import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteButton } from './delete-button';

describe('DeleteButton', () => {
  it('asks "Are you sure?" on the first click and deletes on the second', async () => {
    const onConfirm = vi.fn();
    render(<DeleteButton onConfirm={onConfirm} />);
    const button = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('Are you sure?');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('returns to "Delete" when it loses focus before the second click', async () => {
    const onConfirm = vi.fn();
    render(
      <>
        <DeleteButton onConfirm={onConfirm} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Are you sure?' })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is disabled while the delete runs, then idle again', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DeleteButton onConfirm={onConfirm} />);
    const button = screen.getByRole('button');
    await userEvent.click(button);
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(button).toHaveTextContent('Delete'));
    expect(button).toBeEnabled();
  });
});
