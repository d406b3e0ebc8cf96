import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactPanel } from './contact-panel';

describe('ContactPanel', () => {
  it('starts collapsed and toggles its details', async () => {
    render(<ContactPanel title="Team contact" contact={{ name: 'Sam Lee', email: 'sam@example.org', phone: '01632 960 001' }} />);
    const toggle = screen.getByRole('button', { name: 'Team contact' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'sam@example.org' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();
    expect(screen.getByText('Sam Lee')).toBeVisible();
    expect(screen.getByRole('link', { name: 'sam@example.org' })).toHaveAttribute('href', 'mailto:sam@example.org');
    expect(screen.getByRole('link', { name: '01632 960 001' })).toHaveAttribute('href', 'tel:01632960001');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Sam Lee')).not.toBeVisible();
  });
});
