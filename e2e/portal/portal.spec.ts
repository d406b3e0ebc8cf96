import { expect, test } from '@playwright/test';
import {
  QUICK_HELP,
  enterNewEmail,
  expectNoViolations,
  fillAboutYou,
  fillMotivation,
  fillNewApplicantDetails,
  fillReview,
  next,
  uniqueEmail,
} from '../apply/helpers';
import { API_HEADERS, apiToken, signInTo, userIdOf } from '../profile/helpers';

test('a volunteer finds their application in the portal and opens it; another volunteer may not', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('portal');
  const password = 'Harbour7Lights';
  await page.goto(QUICK_HELP);
  await enterNewEmail(page, email);
  await fillNewApplicantDetails(page, { first: 'Pat', last: 'Portal' });
  await next(page);
  await fillMotivation(page);
  await next(page);
  await fillAboutYou(page);
  await next(page);
  await fillReview(page, { password });
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);

  const applications = page.getByRole('table', { name: 'Your applications, newest first' });
  const row = applications.getByRole('row').filter({ hasText: 'Quick Help' });
  await expect(row).toContainText('Submitted');
  await expect(page.getByText('You have no residential stays booked.')).toBeVisible();
  await expectNoViolations(page, 'the portal');

  await row.getByRole('link', { name: /Quick Help/ }).click();
  await expect(page).toHaveURL(/\/portal\/applicant\/dashboard\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Quick Help/ })).toBeVisible();
  await expect(page.getByText('Submitted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your answers' })).toBeVisible();
  await expectNoViolations(page, 'the application page');
  const dashboard = new URL(page.url()).pathname;

  // Another volunteer is signed in and brought back, and is told the application is not theirs.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInTo(other, 'applicant@example.org', dashboard);
  await expect(other.getByRole('heading', { level: 1, name: 'Application not found' })).toBeVisible();
  await expect(other.getByText('This application does not exist, or it is not yours to see.')).toBeVisible();
  await expectNoViolations(other, 'the not-found application page');
  await otherContext.close();
});

test("a team member sees the team and their role from the team link's address; a non-member is not allowed", async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, 'supervisor@example.org');
  const supervisorId = userIdOf(token);
  const profile = await request.get(`/api/users/${supervisorId}?include=roles.team`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(200);
  const body = (await profile.json()) as { data: { roles: Array<{ team?: { id: number; name: string } }> } };
  const team = body.data.roles
    .map((role) => role.team)
    .find((candidate) => candidate?.name === 'Community Hub');
  expect(team).toBeDefined();
  const address = `/portal/team/${team?.id}#tab=1&user_id=${supervisorId}`;

  await signInTo(page, 'supervisor@example.org', address);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Hub' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your role' })).toBeVisible();
  await expect(page.getByText('Volunteer Supervisor')).toBeVisible();
  await expectNoViolations(page, 'the team page');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInTo(other, 'applicant@example.org', `/portal/team/${team?.id}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expectNoViolations(other, 'the not-allowed team page');
  await otherContext.close();
});
