import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { API_HEADERS, signInTo, tokenOf } from '../profile/helpers';
import { expectNoViolations } from '../support/axe';
import { DEMO_PASSWORD, fromOutbox } from '../support/demo';

/**
 * The demo administrator (DEMO_ACCOUNTS.admin): the Administrator role holds every permission
 * through the "Full access" group, `view-users` and `manage-exports` (which a users export needs)
 * included.
 */
const ADMIN = 'admin@example.org';
const COLUMNS = ['id', 'first_name', 'last_name', 'email'];
/** The headings the files write for COLUMNS (USER_EXPORT_FIELDS' labels). */
const HEADINGS = ['ID', 'First name', 'Last name', 'Email'];

test('the requester follows the export page to ready, downloads the CSV and has the link emailed again; nobody else may', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);

  const created = await page.request.post('/api/exports', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${await tokenOf(page)}` },
    data: { kind: 'users', columns: COLUMNS },
  });
  expect(created.status()).toBe(202);
  const { data } = (await created.json()) as { data: { id: number } };
  const address = `/exports/${data.id}`;

  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Your export' })).toBeVisible();
  await expect(page.getByText('People in your organisation, one row each')).toBeVisible();
  // Queued or running for a moment, then ready: the page asks again every two seconds.
  await expect(page.getByRole('status').filter({ hasText: 'Your export is ready to download.' })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expectNoViolations(page, 'the ready export page');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^people-export-${data.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = await fs.readFile(await download.path(), 'utf8');
  // UTF-8 with a byte-order mark, CRLF line ends (docs/exports.md).
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = csv.slice(1).split('\r\n');
  expect(header).toBe(HEADINGS.join(','));
  expect(rows.some((row) => row.split(',')[3] === ADMIN)).toBe(true);
  await expect(
    page.getByText(`The CSV file has been downloaded as ${download.suggestedFilename()}.`),
  ).toBeVisible();

  // The ready email links to this page; asking again sends a second one.
  const link = `${new URL(page.url()).origin}${address}`;
  const withLink = (messages: { text: string }[]) =>
    messages.filter((message) => message.text.includes(link));
  await fromOutbox(page, ADMIN, (messages) => (withLink(messages).length >= 1 ? 'sent' : null));
  await page.getByRole('button', { name: 'Email me the link again' }).click();
  await expect(
    page.getByText('We have emailed you the link again. It can take a few minutes to arrive.'),
  ).toBeVisible();
  await fromOutbox(page, ADMIN, (messages) => (withLink(messages).length >= 2 ? 'sent again' : null));
  await expectNoViolations(page, 'the export page after a download and a resend');

  // Someone else following the link signs in, comes back to the page and is told it is not theirs.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInTo(other, 'applicant@example.org', address);
  await expect(
    other.getByRole('status').filter({ hasText: 'This export belongs to someone else.' }),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expectNoViolations(other, 'the export page for someone else');
  await otherContext.close();
});
