import { expect, test } from '@playwright/test';
import { NO_EMAIL, UK_MOBILE, fillReferees, referee, startBeachClean } from './beach-clean-steps';
import { expectNoViolations, next, openStepTab, stepHeading, stepTabs, uniqueEmail } from './helpers';

/*
 * The references step of beach-clean (applicant-flow §2.7): two referees, one with an email
 * address and one without (a national-format UK mobile number). The request email and the
 * reference form its single-use link opens are followed in beach-clean.spec.ts, after a full
 * application.
 */

test('the references step: two referee blocks, the no-email box swaps email for phone, required messages; axe clean', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await startBeachClean(page, { email: uniqueEmail('referees'), first: 'Robin', last: 'Referenced' });
  // Earlier steps are checked on the way, but only the step being left holds the move back.
  await openStepTab(page, /References/, '6. References');
  await expect(page.getByRole('group', { name: /^Referee \d$/ })).toHaveCount(2);
  await expectNoViolations(page, 'references step empty');

  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, '6. References')).toBeVisible();
  for (const n of [1, 2]) {
    await expect(referee(page, n).getByText('First name is required')).toBeVisible();
    await expect(referee(page, n).getByText('Last name is required')).toBeVisible();
    await expect(
      referee(page, n).getByRole('textbox', { name: /^Email address/ }),
    ).toHaveAccessibleDescription(
      /Please provide an email address, or a telephone number when they do not have one/,
    );
  }
  await expectNoViolations(page, 'references step with errors');

  // Ticking clears the email address; unticking clears the phone number.
  const second = referee(page, 2);
  await second.getByRole('textbox', { name: /^Email address/ }).fill('typed.by.mistake@example.net');
  await second.getByRole('checkbox', { name: NO_EMAIL }).check();
  await second.getByRole('textbox', { name: /^Phone number/ }).fill(UK_MOBILE);
  await second.getByRole('checkbox', { name: NO_EMAIL }).uncheck();
  await expect(second.getByRole('textbox', { name: /^Email address/ })).toHaveValue('');
  await second.getByRole('checkbox', { name: NO_EMAIL }).check();
  await expect(second.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('');

  // Without a number, the phone box is where the message goes.
  await next(page);
  await expect(second.getByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
    /Phone number is required/,
  );
  await expectNoViolations(page, 'references step with the phone error');

  await fillReferees(page, uniqueEmail('referee'));
  await expectNoViolations(page, 'references step filled');
  await next(page);
  await expect(stepHeading(page, '7. Diversity')).toBeVisible();
  await expect(stepTabs(page).getByRole('link', { name: /References\s*\(incomplete\)/ })).toHaveCount(0);
});
