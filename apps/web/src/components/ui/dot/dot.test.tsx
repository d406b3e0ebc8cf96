import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dot } from './dot';

describe('Dot', () => {
  it('is a labelled image in the given colour', () => {
    render(<Dot colour="#ff0000" label="Overdue" />);
    const dot = screen.getByRole('img', { name: 'Overdue' });
    expect(dot).toHaveStyle({ backgroundColor: '#ff0000' });
  });

  it('maps named tones to the design colours', () => {
    render(<Dot colour="green" label="Active" />);
    expect(screen.getByRole('img', { name: 'Active' }).style.backgroundColor).toBe('var(--colour-success)');
  });

  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<Dot colour="red" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
