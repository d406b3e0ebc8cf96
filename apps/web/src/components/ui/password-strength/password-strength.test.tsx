import { passwordRules } from '@muster/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordStrength } from './password-strength';

const LABELS: [string, string, string, string] = [
  'Your password must be at least 8 characters long',
  'Your password must contain at least one uppercase character',
  'Your password must have at least one lowercase character',
  'Your password must have at least one number',
];

/** A password field wrapped by the indicator, as a form would use it. */
function Field({ initial = '' }: { initial?: string }) {
  const [password, setPassword] = useState(initial);
  return (
    <>
      <PasswordStrength password={password} popoverId="rules">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          value={password}
          aria-describedby="rules"
          onChange={(event) => setPassword(event.target.value)}
        />
      </PasswordStrength>
      <button type="button">Next</button>
    </>
  );
}

const meter = () => screen.getByRole('meter', { name: 'Password strength' });
const segments = () =>
  [...meter().querySelectorAll('[data-state]')].map((segment) => segment.getAttribute('data-state'));
const popover = () => document.getElementById('rules') as HTMLElement;
const ruleStates = () =>
  [...popover().querySelectorAll('.password-strength__rule')].map((item) => [
    item.textContent?.replace(/^[✓✗]\s*(Met:|Not met:)\s*/, ''),
    item.getAttribute('data-met'),
  ]);

describe('PasswordStrength: rules', () => {
  it('lists the four rules with the labels of the spec, each met or unmet', async () => {
    const user = userEvent.setup();
    render(<Field />);
    expect(passwordRules.map((rule) => rule.label)).toEqual(LABELS);
    expect(ruleStates()).toEqual(LABELS.map((label) => [label, 'false']));
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(ruleStates()).toEqual([
      [LABELS[0], 'false'],
      [LABELS[1], 'false'],
      [LABELS[2], 'true'],
      [LABELS[3], 'false'],
    ]);
    await user.type(screen.getByLabelText('Password'), 'defG1');
    expect(ruleStates()).toEqual(LABELS.map((label) => [label, 'true']));
  });

  it('says met or unmet in words, not only by colour, in the field description', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Password'), 'A');
    const description = screen.getByLabelText('Password').getAttribute('aria-describedby');
    expect(description).toBe('rules');
    expect(popover()).toHaveTextContent(`Not met: ${LABELS[0]}`);
    expect(popover()).toHaveTextContent(`Met: ${LABELS[1]}`);
  });
});

describe('PasswordStrength: popover', () => {
  it('is hidden until the pointer is over the widget, and hides again when it leaves', async () => {
    const user = userEvent.setup();
    render(<Field />);
    expect(popover()).not.toBeVisible();
    await user.hover(meter());
    expect(popover()).toBeVisible();
    await user.unhover(meter());
    expect(popover()).not.toBeVisible();
  });

  it('shows while the field has focus, and hides when focus leaves', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByLabelText('Password'));
    // The pointer moves away; focus alone keeps the popover open.
    await user.unhover(screen.getByLabelText('Password'));
    expect(popover()).toBeVisible();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(popover()).not.toBeVisible();
  });

  it('hides on Escape until the next focus', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByLabelText('Password'));
    await user.keyboard('{Escape}');
    expect(popover()).not.toBeVisible();
    await user.tab();
    await user.tab({ shift: true });
    expect(popover()).toBeVisible();
  });

  it('lists the estimator warning and suggestions', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Password'), 'password');
    expect(await within(popover()).findByText('This is a heavily used password.')).toBeInTheDocument();
    expect(within(popover()).getByText('Add more words that are less common.')).toBeInTheDocument();
  });

  it('without a field inside, the meter itself takes focus and shows the popover', async () => {
    const user = userEvent.setup();
    render(<PasswordStrength password="abc" popoverId="rules" />);
    await user.tab();
    expect(meter()).toHaveFocus();
    expect(meter()).toHaveAccessibleDescription(expect.stringContaining(LABELS[0]));
    expect(popover()).toBeVisible();
  });
});

describe('PasswordStrength: meter', () => {
  it('is empty while the password is empty', () => {
    render(<Field />);
    expect(segments()).toEqual(['empty', 'empty', 'empty']);
    expect(meter()).toHaveAttribute('aria-valuetext', 'No password entered');
  });

  it.each([
    ['password', 0, 'Very weak', ['danger', 'empty', 'empty']],
    ['Muster2024', 1, 'Weak', ['warning', 'empty', 'empty']],
    ['xkq7Rtp', 2, 'Fair', ['success', 'warning', 'empty']],
    ['Tr0ub4dour', 3, 'Good', ['success', 'success', 'warning']],
    ['Tr0ub4dour&3x', 4, 'Strong', ['success', 'success', 'success']],
  ])('draws %j (score %i, %s) as %j', async (password, score, label, expected) => {
    render(<Field initial={password} />);
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(meter()).toHaveAttribute('aria-valuenow', String(score));
    expect(meter()).toHaveAttribute('aria-valuetext', label);
    expect(segments()).toEqual(expected);
  });

  it('empties again when the password is cleared', async () => {
    const user = userEvent.setup();
    render(<Field initial="Tr0ub4dour&3x" />);
    await screen.findByText('Strong');
    await user.clear(screen.getByLabelText('Password'));
    expect(segments()).toEqual(['empty', 'empty', 'empty']);
    expect(screen.queryByText('Strong')).toBeNull();
  });
});
