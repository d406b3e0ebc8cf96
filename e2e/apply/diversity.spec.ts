import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, enterNewEmail, fillNewApplicantDetails, next, stepHeading, uniqueEmail } from './helpers';

const BEACH_CLEAN = '/apply/beach-clean';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const DIVERSITY_HEADING = '7. Diversity';

async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations in ${state}`).toEqual([]);
}

/**
 * Moves to the diversity step by its tab. Leaving a step checks the steps in between and marks
 * the incomplete ones, but only the step being left can hold the applicant back.
 */
async function openDiversityStep(page: Page) {
  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Diversity/ }).click();
  await expect(stepHeading(page, DIVERSITY_HEADING)).toBeVisible();
}

test('a user who answered diversity before sees the skip notice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(BEACH_CLEAN);
  await page.getByLabel(/^Email address/).fill('applicant@example.org');
  const password = page.getByRole('textbox', { name: /^Password/ });
  await expect(password).toBeVisible({ timeout: 75_000 });
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Not Alex Morgan?' })).toBeVisible();

  await openDiversityStep(page);
  await expect(page.getByText('You have already provided diversity information.')).toBeVisible();
  await expect(page.getByRole('group', { name: /disability or long-term health condition/ })).toHaveCount(0);
  await expectNoViolations(page, 'the diversity step skipped');
});

test('a new applicant answers the v2 questions, with the dependent question and an Other text', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(BEACH_CLEAN);
  await enterNewEmail(page, uniqueEmail('diversity'));
  await fillNewApplicantDetails(page, { first: 'Dee', last: 'Versity' });
  await page.getByRole('textbox', { name: /^Contact number/ }).fill('07400 123456');

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
  const dryRun = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/opportunities/beach-clean/apply/'),
  );
  await next(page);
  const request = await dryRun;
  const sent = request.postDataBuffer()?.toString('utf8') ?? '';
  expect(sent).toContain('name="validateOnly"');
  expect(sent).toMatch(/name="diversity\[diversity_v2_questions\]\[\d+\]\[other_text\]"\r\n\r\nChronic pain\r\n/);
  expect(sent).toMatch(/name="diversity\[diversity_v2_questions\]\[\d+\]\[other_text\]"\r\n\r\nCornish\r\n/);
  expect(sent).toMatch(/name="diversity\[diversity_v2_questions\]\[\d+\]\[options\]\[1\]"/);
  const answer = await (await request.response())?.json() as { errors?: Record<string, string[]> } | undefined;
  expect(Object.keys(answer?.errors ?? {}).filter((path) => path.startsWith('diversity'))).toEqual([]);
  await expect(stepHeading(page, '8. Review and apply')).toBeVisible();
  // The step is complete: its tab is not marked.
  await expect(
    page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: /^Diversity\s*\(incomplete\)/ }),
  ).toHaveCount(0);
});
