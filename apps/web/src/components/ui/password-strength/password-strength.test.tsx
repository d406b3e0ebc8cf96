import { passwordRules } from '@muster/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  it('is a tooltip of the field, hidden until the pointer is over the meter, not the field', async () => {
    const user = userEvent.setup();
    render(<Field />);
    expect(popover()).toHaveAttribute('role', 'tooltip');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(LABELS[0]));
    expect(popover()).not.toBeVisible();
    // On its way to the field or past it, the pointer opens nothing.
    await user.hover(screen.getByLabelText('Password'));
    expect(popover()).not.toBeVisible();
    await user.hover(meter());
    expect(popover()).toBeVisible();
    await user.unhover(meter());
    await waitFor(() => expect(popover()).not.toBeVisible());
  });

  it('stays open while the pointer crosses from the meter to the popover', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.hover(meter());
    await user.unhover(meter());
    // Not at once: the pointer has a moment to reach the popover beside the field.
    expect(popover()).toBeVisible();
    await user.hover(popover());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(popover()).toBeVisible();
    await user.unhover(popover());
    await waitFor(() => expect(popover()).not.toBeVisible());
  });

  it('hides on Escape when opened by the pointer, wherever focus is', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.hover(meter());
    expect(popover()).toBeVisible();
    expect(screen.getByLabelText('Password')).not.toHaveFocus();
    await user.keyboard('{Escape}');
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

describe('PasswordStrength: placement', () => {
  /** Boxes as a layout would give them: the widget from x=16, the field `fieldRight` wide. */
  function layOut(fieldRight: number, windowWidth: number) {
    vi.stubGlobal('innerWidth', windowWidth);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this instanceof HTMLInputElement) {
        return DOMRect.fromRect({ x: 16, y: 140, width: fieldRight - 16, height: 40 });
      }
      return DOMRect.fromRect({ x: 16, y: 100, width: windowWidth - 32, height: 120 });
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows beside the field where the window has room, its top level with the field', async () => {
    layOut(496, 1280);
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByLabelText('Password'));
    expect(popover()).toBeVisible();
    expect(popover()).toHaveClass('password-strength__popover--side');
    // 1 rem after the field's right edge, from the widget's left; level with the field.
    expect(popover().style.left).toBe('496px');
    expect(popover().style.top).toBe('40px');
  });

  it('shows in the flow below the meter in a narrow window, and stays when focus moves on', async () => {
    layOut(359, 375);
    const user = userEvent.setup();
    render(<Field />);
    await user.click(screen.getByLabelText('Password'));
    expect(popover()).toBeVisible();
    expect(popover()).toHaveClass('password-strength__popover--inline');
    expect(popover().style.left).toBe('');
    // Closing would move the next field or button from under a pointer on its way there.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(popover()).toBeVisible();
    await user.keyboard('{Escape}');
    expect(popover()).not.toBeVisible();
  });
});
