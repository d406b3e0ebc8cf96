import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEstimator } from '../../../components/ui/password-strength/estimator';
import { loadPhoneLibrary } from '../../../components/ui/telephone-input/phone-library';
import { PhonePasswordSection } from './phone-password-section';

// Importing the metadata and dictionaries is slow on a busy machine; pay for it once, up front.
beforeAll(async () => {
  await Promise.all([loadPhoneLibrary(), loadEstimator()]);
}, 60_000);

/** The state headings (h4) under one widget heading (h3), up to the next widget. */
function statesOf(widget: string): string[] {
  const heading = screen.getByRole('heading', { level: 3, name: widget });
  const states: string[] = [];
  let node = heading.nextElementSibling;
  while (node && node.tagName !== 'H3') {
    const title = node.querySelector('h4');
    if (title?.textContent) {
      states.push(title.textContent);
    }
    node = node.nextElementSibling;
  }
  return states;
}

/** Waits until every telephone input has its metadata (a flag button each). */
async function renderLoaded() {
  const view = render(<PhonePasswordSection />);
  await screen.findAllByRole('button', { name: /^Country code: / });
  await screen.findByText('Strong');
  return view;
}

// Role queries over the whole section are slow in jsdom, the more so on a shared machine.
describe('PhonePasswordSection', { timeout: 30_000 }, () => {
  it('shows the telephone input and the password indicator empty, filled, with an error, read-only and busy', async () => {
    await renderLoaded();
    const states = ['Empty', 'Filled', 'Error', 'Read-only', 'Busy'];
    expect(statesOf('Telephone input')).toEqual(states);
    expect(statesOf('Password strength indicator')).toEqual(states);
    expect(screen.getByRole('textbox', { name: 'Emergency contact number' })).toHaveAccessibleDescription(
      'Error: Please enter a valid telephone number',
    );
    expect(screen.getByRole('textbox', { name: 'Home telephone' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Work telephone' })).toBeDisabled();
    expect(screen.getByLabelText('Replacement password')).toBeDisabled();
  });

  it('prints what the empty telephone input emits', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.type(screen.getByRole('textbox', { name: 'Contact number' }), '+33 6 12 34 56 78');
    expect(screen.getByTestId('telephone-empty-value')).toHaveTextContent(
      '{"number":"+33 6 12 34 56 78","region":"FR","e164":"+33612345678","valid":true}',
    );
  });

  it('checks the validator demo on blur and on submit', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(screen.getByLabelText('Email address'));
    await user.tab();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Error: Email address is required',
    );
    await user.type(screen.getByLabelText('Hours a month'), '12');
    expect(screen.getByLabelText('Hours a month')).toHaveAccessibleDescription(
      'Error: Number must be divisible by 5',
    );
    await user.click(screen.getByRole('button', { name: 'Check the form' }));
    expect(screen.getByText('Some fields need attention.')).toBeInTheDocument();
  });

  it('has no accessibility violations (WCAG 2.0, 2.1 and 2.2, A and AA)', async () => {
    const { container } = await renderLoaded();
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
      ),
    ).toEqual([]);
  }, 60_000);

  it('has no accessibility violations with the country list and a popover open', async () => {
    const user = userEvent.setup();
    const { container } = await renderLoaded();
    await user.click(screen.getByLabelText('Create a password'));
    await user.click(screen.getAllByRole('button', { name: /^Country code: / })[0] as HTMLElement);
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    expect(
      results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => node.html)
            .join(' | ')
            .slice(0, 300)}`,
      ),
    ).toEqual([]);
  }, 180_000);
});
