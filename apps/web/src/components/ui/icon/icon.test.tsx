import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from './icon';

describe('Icon', () => {
  it('is a named image when labelled', () => {
    render(<Icon name="trash" label="Delete" />);
    const icon = screen.getByRole('img', { name: 'Delete' });
    expect(icon).toHaveAttribute('data-icon', 'trash');
    expect(icon.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('is hidden decoration without a label', () => {
    const { container } = render(<Icon name="check" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws every named icon', () => {
    for (const name of ICON_NAMES) {
      const { container, unmount } = render(<Icon name={name} />);
      expect(container.querySelectorAll('path').length).toBeGreaterThan(0);
      unmount();
    }
  });
});
