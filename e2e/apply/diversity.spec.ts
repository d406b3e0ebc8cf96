import { expect, test, type Page } from '@playwright/test';
import { BEACH_CLEAN, nextWithDryRun, startBeachClean } from './beach-clean-steps';
import {
  expectNoViolations,
  next,
  openStepTab,
  signInInForm,
  stepHeading,
  stepTabs,
  uniqueEmail,
} from './helpers';

const DIVERSITY_HEADING = '7. Diversity';

/** Moves to the diversity step by its tab. */
async function openDiversityStep(page: Page) {
  await openStepTab(page, /^Diversity/, DIVERSITY_HEADING);
}

test('a user who answered diversity before sees the skip notice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(BEACH_CLEAN);
  await signInInForm(page, 'applicant@example.org', 'Alex Morgan');

  await openDiversityStep(page);
  await expect(page.getByText('You have already provided diversity information.')).toBeVisible();
  await expect(page.getByRole('group', { name: /disability or long-term health condition/ })).toHaveCount(0);
  await expectNoViolations(page, 'the diversity step skipped');
});

test('a new applicant answers the v2 questions, with the dependent question and an Other text', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await startBeachClean(page, { email: uniqueEmail('diversity'), first: 'Dee', last: 'Versity' });

  await openDiversityStep(page);
  const disability = page.getByRole('group', { name: /disability or long-term health condition/ });
  const support = page.getByRole('group', { name: /Which of these apply to you/ });
  const language = page.getByRole('group', { name: /main language/ });
  await expect(page.getByRole('combobox', { name: /What is your age group/ })).toBeVisible();
  await expect(disability.getByRole('radio')).toHaveCount(3);
  // The follow-up is asked only after Yes.
  await expect(support).toHaveCount(0);
  await expectNoViolations(page, 'the diversity step empty');

  await page.getByRole('combobox', { name: /What is your age group/ }).selectOption({ label: '25 to 34' });
  await disability.getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(support).toBeVisible();
  await support.getByRole('checkbox', { name: 'Sight or hearing' }).check();
  await support.getByRole('checkbox', { name: 'Other', exact: true }).check();
  const supportOther = support.getByRole('textbox', { name: 'Please Specify...' });
  await expect(supportOther).toBeVisible();

  // Other needs its text.
  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, DIVERSITY_HEADING)).toBeVisible();
  await expect(supportOther).toHaveAccessibleDescription('Error: Other text must be non-empty');
  await expectNoViolations(page, 'the diversity step in error');

  // Changing the parent answer hides the follow-up and drops its answers.
  await disability.getByRole('radio', { name: 'No', exact: true }).check();
  await expect(support).toHaveCount(0);
  await disability.getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(support.getByRole('checkbox', { name: 'Sight or hearing' })).not.toBeChecked();
  await expect(support.getByRole('checkbox', { name: 'Other', exact: true })).not.toBeChecked();
  await expect(supportOther).toHaveCount(0);

  await support.getByRole('checkbox', { name: 'Sight or hearing' }).check();
  await support.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await supportOther.fill('Chronic pain');
  // Changing away from Other clears its text.
  await language.getByRole('radio', { name: 'Other', exact: true }).check();
  await language.getByRole('textbox', { name: 'Please Specify...' }).fill('Cornish');
  await language.getByRole('radio', { name: 'Welsh' }).check();
  await expect(language.getByRole('textbox', { name: 'Please Specify...' })).toHaveCount(0);
  await language.getByRole('radio', { name: 'Other', exact: true }).check();
  await expect(language.getByRole('textbox', { name: 'Please Specify...' })).toHaveValue('');
  await language.getByRole('textbox', { name: 'Please Specify...' }).fill('Cornish');
  await expectNoViolations(page, 'the diversity step filled');

  // Leaving the step checks it with the server: the answers go with the dry run and are accepted.
  const { sent, errorPaths } = await nextWithDryRun(page);
  expect(sent).toMatch(
    /name="diversity\[diversity_v2_questions\]\[\d+\]\[other_text\]"\r\n\r\nChronic pain\r\n/,
  );
  expect(sent).toMatch(/name="diversity\[diversity_v2_questions\]\[\d+\]\[other_text\]"\r\n\r\nCornish\r\n/);
  expect(sent).toMatch(/name="diversity\[diversity_v2_questions\]\[\d+\]\[options\]\[1\]"/);
  expect(errorPaths.filter((path) => path.startsWith('diversity'))).toEqual([]);
  await expect(stepHeading(page, '8. Review and apply')).toBeVisible();
  // The step is complete: its tab is not marked.
  await expect(stepTabs(page).getByRole('link', { name: /^Diversity\s*\(incomplete\)/ })).toHaveCount(0);
});
