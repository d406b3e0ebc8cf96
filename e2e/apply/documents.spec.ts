import { expect, test, type Page } from '@playwright/test';
import { BEACH_CLEAN, fillBeachMotivation, startBeachClean } from './beach-clean-steps';
import {
  PDF,
  PNG,
  expectNoViolations,
  next,
  openStepTab,
  signInInForm,
  stepHeading,
  stepTabs,
  uniqueEmail,
} from './helpers';

/*
 * The supporting-documents step of beach-clean (applicant-flow §2.6): two required documents,
 * each uploaded at once with the form waiting meanwhile; a returning volunteer's document
 * supplied before is disabled and not asked again. The step is reached through its tab: the
 * steps before it are checked on the way, and may still be incomplete.
 */

const HEADING = '5. Supporting documents';
const SUPPLIED = 'This document has already been supplied';

/** Opens the supporting-documents step through its tab. */
async function openDocumentsStep(page: Page) {
  await openStepTab(page, /Supporting documents/, HEADING);
}

test('a new applicant uploads both documents of beach-clean, the form waiting for each upload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await startBeachClean(page, { email: uniqueEmail('documents'), first: 'Dee', last: 'Document' });
  await next(page);
  await fillBeachMotivation(page);
  await openDocumentsStep(page);

  // Empty: one required file input per document, accepting the types of the file types index.
  const photo = page.getByLabel(/^Photo ID/);
  const proof = page.getByLabel(/^Proof of address/);
  for (const input of [photo, proof]) {
    await expect(input).toBeEnabled();
    await expect(input).toHaveAttribute('required', '');
    await expect(input).toHaveAttribute('accept', /application\/pdf/);
  }
  await expectNoViolations(page, 'documents empty');

  // Error: Next asks for both documents, at each field and in the summary.
  await next(page);
  const summary = page.getByRole('heading', { name: 'There is a problem' });
  await expect(summary).toBeVisible();
  await expect(stepHeading(page, HEADING)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please select a file' })).toHaveCount(2);
  await expect(photo).toHaveAttribute('aria-invalid', 'true');
  await expect(photo).toHaveAccessibleDescription('Error: Please select a file');
  await expectNoViolations(page, 'documents with errors');

  // The first upload is held on its way: its progress shows and the form waits.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/files?ephemeral=1', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/files?ephemeral=1'));
  await photo.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('progressbar', { name: 'Uploading passport.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeVisible();
  await expect(photo).toBeDisabled();
  release();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/files?ephemeral=1');
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toBeVisible();
  // The size stored: images are re-encoded on upload, so it is the server's, not the file's.
  const stored = ((await (await answered).json()) as { data: { data: { file_size: number } } }).data.data;
  await expect(page.getByText(`(${(stored.file_size / 1024).toFixed(2)} KB)`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();

  // Removing it empties the field again; then both documents are given.
  await page.getByRole('button', { name: 'Remove passport.png' }).click();
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toHaveCount(0);
  await expect(photo).toBeFocused();
  await photo.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await proof.setInputFiles({ name: 'bank-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^bank-statement\.pdf/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove bank-statement.pdf' })).toBeVisible();
  // The links are the uploader's signed links: they open without the sign-in token (as a link or
  // an image does), the image shown inline and the PDF offered as a download; the bare id does not.
  for (const [name, type, disposition] of [
    [/^passport\.png/, 'image/png', /^inline;/],
    [/^bank-statement\.pdf/, 'application/pdf', /^attachment;/],
  ] as const) {
    const href = (await page.getByRole('link', { name }).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?access=/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe(type);
    expect(file.headers()['content-disposition']).toMatch(disposition);
    expect((await page.request.get(href.split('?')[0] ?? '')).status()).toBe(401);
  }
  await expect(page.getByRole('link', { name: 'Please select a file' })).toHaveCount(0);
  await expect(photo).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'documents filled');

  // The step is complete: the browser's check and the server's dry run let the form move on.
  await next(page);
  await expect(stepHeading(page, '6. References')).toBeVisible();
  await expect(
    stepTabs(page).getByRole('link', { name: /Supporting documents\s*\(incomplete\)/ }),
  ).toHaveCount(0);

  // Coming back, the uploads are still there.
  await openDocumentsStep(page);
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^bank-statement\.pdf/ })).toBeVisible();
});

test('a returning volunteer is not asked again for the photo ID they supplied before', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(BEACH_CLEAN);
  await signInInForm(page, 'returning@example.org', 'Riley Reid');
  await openDocumentsStep(page);

  const photo = page.getByLabel(/^Photo ID/);
  await expect(photo).toBeDisabled();
  await expect(photo).toHaveAccessibleDescription(SUPPLIED);
  await expect(page.getByText(SUPPLIED)).toHaveCount(1);
  const proof = page.getByLabel(/^Proof of address/);
  await expect(proof).toBeEnabled();
  await expectNoViolations(page, 'documents with one supplied');

  // Only the proof of address is asked for.
  await next(page);
  await expect(page.getByRole('link', { name: 'Please select a file' })).toHaveCount(1);
  await expect(proof).toHaveAccessibleDescription('Error: Please select a file');
  await expect(photo).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'documents with one supplied, in error');

  await proof.setInputFiles({ name: 'council-tax.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: /^council-tax\.pdf/ })).toBeVisible();
  await next(page);
  await expect(stepHeading(page, '6. References')).toBeVisible();
});
