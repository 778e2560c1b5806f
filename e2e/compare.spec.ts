import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ViewerTestApi } from '../src/viewer/types';
import {
  createOrganizationAndModel,
  e2kFixtures,
  newPage,
  shareModel,
  signUp,
  uploadVersion,
  versionHeadings,
  uniqueStamp,
} from './fixtures/journeys';

/**
 * Issue #7's acceptance journey against the real server: two versions of the RDC_PERFORM example are compared in
 * the 3-D viewer; a report of them is assigned to a LIMITEDVIEW collaborator, who sees only that report; an upload
 * is reviewed and only part of it applied; and chosen elements are merged, the new version appearing live on a
 * second user's history page.
 *
 * The counts come from the fixture pair itself (src/engine/diff/fixturePair.test.ts explains how they were
 * established from the files' LINE/POINT/LINEASSIGN records): Ejemplo → EjemploNew adds 2,650 beams and removes
 * 460; no column changes.
 */

const before = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const after = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');
const ADDED_BEAMS = 2650;
const REMOVED_BEAMS = 460;

const stamp = uniqueStamp();
const owner = { email: `compare.owner.${stamp}@example.com`, firstName: 'Olga', lastName: 'Owner' };
const limited = { email: `compare.limited.${stamp}@example.com`, firstName: 'Lena', lastName: 'Limited' };
const reader = { email: `compare.reader.${stamp}@example.com`, firstName: 'Ravi', lastName: 'Reader' };

type TestWindow = { __gussetViewer?: ViewerTestApi };

function changeColours(page: Page) {
  return page.evaluate(
    () => (globalThis as unknown as TestWindow).__gussetViewer?.changeColourCounts() ?? null,
  );
}

function selection(page: Page) {
  return page.evaluate(
    (): string[] => (globalThis as unknown as TestWindow).__gussetViewer?.selection() ?? [],
  );
}

test('engineers compare versions, share a report, review an upload and merge chosen elements live', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const limitedPage = await newPage(browser);
  const readerPage = await newPage(browser);
  await signUp(limitedPage, limited);
  await signUp(readerPage, reader);
  await signUp(page, owner);

  // Two versions of one model, shared with a LIMITEDVIEW and a READ collaborator.
  const modelUrl = await createOrganizationAndModel(page, 'Compare works', 'Perform compare');
  const modelPath = new URL(modelUrl).pathname;
  const closeReport = () => page.getByRole('button', { name: 'Close report' }).click();
  await uploadVersion(page, before, 1);
  await closeReport();
  await uploadVersion(page, after, 2);
  await closeReport();
  await shareModel(page, limited, 'LIMITEDVIEW');
  await shareModel(page, reader, 'READ');

  // --- Compare in the viewer: version 2 against version 1, from the history's link.
  await page.goto(`${modelPath}/history`);
  await page.getByRole('link', { name: 'Compare version 2 with version 1' }).click();
  await expect(page).toHaveURL(/visualize\/elements\?version=[^&]+&compare=/);
  const changeList = page.getByTestId('change-list');
  await expect(changeList).toBeVisible({ timeout: 90_000 });
  const stage = page.getByRole('region', { name: '3D view' });
  await expect(stage).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  // The new side draws the added beams in the added colour.
  await expect.poll(async () => (await changeColours(page))?.added, { timeout: 30_000 }).toBe(ADDED_BEAMS);
  await page.getByTestId('compare-toggle-old').click();
  await expect
    .poll(async () => (await changeColours(page))?.removed, { timeout: 60_000 })
    .toBe(REMOVED_BEAMS);
  // Choosing a removed beam in the list selects it in the viewer (on the old side, where it exists).
  const firstRemoved = changeList
    .locator('section[aria-label^="Removed"] [data-testid="change-item"][data-key^="elements:B"]')
    .first();
  const removedKey = (await firstRemoved.getAttribute('data-key')) ?? '';
  await firstRemoved.getByRole('button').click();
  await expect.poll(() => selection(page)).toEqual([removedKey.replace(/^elements:/, '')]);
  await page.getByTestId('compare-toggle-new').click();
  await expect.poll(async () => (await changeColours(page))?.added, { timeout: 60_000 }).toBe(ADDED_BEAMS);

  // --- Reports: one for the LIMITEDVIEW collaborator, one kept internal.
  await page.goto(`${modelPath}/reports`);
  for (const [title, assignLimited] of [
    ['Revision for Lena', true],
    ['Internal check', false],
  ] as const) {
    await page.getByTestId('new-report').click();
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByLabel('Title').fill(title);
    if (assignLimited) await form.getByLabel(/Lena Limited/).check();
    await form.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByTestId('report-row').filter({ hasText: title })).toBeVisible();
  }
  // Newest first.
  await expect(page.getByTestId('report-row').first()).toContainText('Internal check');

  // The LIMITEDVIEW collaborator sees only the report assigned to them, and reads its changes.
  await limitedPage.goto(`${modelPath}/reports`);
  await expect(limitedPage.getByTestId('report-row')).toHaveCount(1);
  await expect(limitedPage.getByTestId('report-row')).toContainText('Revision for Lena');
  await limitedPage.getByTestId('report-row').getByRole('button', { name: 'Revision for Lena' }).click();
  const detail = limitedPage.getByTestId('report-detail');
  await expect(detail.getByRole('table', { name: 'Changes per type' })).toContainText(String(ADDED_BEAMS), {
    timeout: 90_000,
  });
  await expect(detail.getByTestId('report-open-3d')).toHaveCount(0);

  // --- Upload review: the first file again, reviewed against version 2; only three re-added beams are applied.
  await page.goto(`${modelPath}/history`);
  const panel = page.getByRole('region', { name: 'Upload new version' });
  await panel.getByLabel('Model file').setInputFiles(before);
  await panel.getByTestId('review-upload-checkbox').check();
  await panel.getByRole('button', { name: 'Upload' }).click();
  await panel.getByTestId('review-changes-link').click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/review\//);
  await page.getByRole('button', { name: 'Select none' }).click();
  const reviewAdded = page
    .getByRole('region', { name: 'Added' })
    .locator('[data-testid="review-change"][data-key^="elements:B"]');
  const chosen: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const box = reviewAdded.nth(index);
    chosen.push((await box.getAttribute('data-key')) ?? '');
    await box.check();
  }
  await expect(page.getByText(/^3 of [\d,]+ changes selected$/)).toBeVisible();
  await page.getByTestId('apply-review').click();
  await expect(page.getByText('Version 3 is ready.')).toBeVisible({ timeout: 60_000 });

  // --- Merge: the reader watches the history while the owner merges three of version 2's removals.
  await readerPage.goto(`${modelPath}/history`);
  await expect(versionHeadings(readerPage)).toHaveCount(3);
  await page.goto(`${modelPath}/visualize/merge`);
  const targetVersion = page.getByTestId('merge-target-version');
  const versionTwo = await targetVersion.locator('option', { hasText: /Version 2\b/ }).getAttribute('value');
  await targetVersion.selectOption(versionTwo ?? '');
  await page.getByTestId('merge-preview').click();
  await page.getByRole('button', { name: 'Select none' }).click({ timeout: 60_000 });
  // Version 2 removed these beams; version 3 brought them back: the merge takes the removal again.
  for (const key of chosen) await page.locator(`[data-testid="merge-change"][data-key="${key}"]`).check();
  await page.getByTestId('merge-start').click();
  await expect(page.getByTestId('merge-done')).toBeVisible({ timeout: 90_000 });
  await expect(versionHeadings(readerPage)).toHaveCount(4, { timeout: 30_000 });

  // The merged version differs from version 3 by exactly those three beams.
  await page.goto(`${modelPath}/history`);
  await page.getByRole('link', { name: 'Compare version 4 with version 3' }).click();
  const mergedChanges = page.getByTestId('change-list');
  await expect(mergedChanges).toBeVisible({ timeout: 90_000 });
  await expect(mergedChanges.getByTestId('change-item')).toHaveCount(chosen.length);
  for (const key of chosen) await expect(mergedChanges.locator(`[data-key="${key}"]`)).toBeVisible();

  await limitedPage.context().close();
  await readerPage.context().close();
});
