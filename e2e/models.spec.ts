import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  e2kFixtures,
  newPage,
  signUp,
  uploadVersion,
  versionHeadings,
  uniqueStamp,
} from './fixtures/journeys';
import { linkFromOutbox, outboxFiles } from './fixtures/outbox';

/**
 * Issue #4's acceptance journey against the real server: an engineer signs up, creates an organization and a
 * model, uploads two ETABS files as versions 1 and 2 (each with its translation report), shares the model with
 * a READ colleague who can look but not upload or delete (the share mails them a link to the model, and they reach
 * the export of version 1 from its history card), exports version 2 as SAP2000 .s2k and imports that file as a
 * new model.
 */

const firstFile = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const secondFile = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');

const stamp = uniqueStamp();
const owner = { email: `owner.${stamp}@example.com`, firstName: 'Olga', lastName: 'Owner' };
const viewer = { email: `viewer.${stamp}@example.com`, firstName: 'Victor', lastName: 'Viewer' };

test('an engineer uploads two versions, shares the model read-only, exports it and imports the export', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The colleague has an account first: a model can be shared only with an existing user.
  const viewerPage = await newPage(browser);
  await signUp(viewerPage, viewer);

  const page = await newPage(browser);
  await signUp(page, owner);

  // An organization, then a model in it.
  await page.goto('/profile/organizations');
  const newOrganization = page.getByRole('form', { name: 'New organization' });
  await newOrganization.getByLabel('Organization name').fill('RDC Structures');
  await newOrganization.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/[^/]+\/models$/);
  const organizationModelsUrl = page.url();

  const newModel = page.getByRole('form', { name: 'New model' });
  await newModel.getByLabel('Model name').fill('Perform example');
  await newModel.getByRole('button', { name: 'Create model' }).click();
  await expect(page).toHaveURL(/\/model\/[^/]+\/history$/);
  await expect(page.getByRole('heading', { name: 'Perform example', level: 1 })).toBeVisible();
  const modelUrl = page.url().replace(/\/history$/, '');

  // Version 1 with its report, then version 2; the history lists them newest first.
  await uploadVersion(page, firstFile, 1);
  await page.getByRole('button', { name: 'Close report' }).click();
  await expect(versionHeadings(page)).toHaveText(['Version 1']);
  const firstItem = page.getByRole('listitem', { name: 'Version 1' });
  await expect(firstItem).toContainText('RDC_PERFORM__Ejemplo.e2k');
  await expect(firstItem).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await firstItem.getByRole('button', { name: /^Translation report/ }).click();
  await expect(firstItem.getByText('Kept:')).toBeVisible();

  await uploadVersion(page, secondFile, 2);
  await expect(versionHeadings(page)).toHaveText(['Version 2', 'Version 1']);
  await expect(page.getByRole('listitem', { name: 'Version 2' })).toContainText(
    'RDC_PERFORM__EjemploNew.e2k',
  );

  // Share with the colleague as a viewer (READ).
  await page
    .getByRole('navigation', { name: 'Model', exact: true })
    .getByRole('link', { name: 'People' })
    .click();
  const mailsBefore = await outboxFiles();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email address').fill(viewer.email);
  await invite.getByLabel('Role').selectOption('READ');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Permissions updated.')).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: `Role of ${viewer.firstName} ${viewer.lastName}` }),
  ).toHaveValue('READ');

  // The colleague is mailed a link to the model (issue #23): it opens the history, with both versions, and no
  // upload, restore or delete.
  const sharedLink = await linkFromOutbox(viewer.email, /http\S+\/model\/[0-9a-f-]{36}/, mailsBefore);
  expect(sharedLink).toBe(modelUrl);
  await viewerPage.goto(sharedLink);
  await expect(viewerPage).toHaveURL(/\/history$/);
  await expect(versionHeadings(viewerPage)).toHaveText(['Version 2', 'Version 1']);
  await expect(viewerPage.getByRole('region', { name: 'Upload new version' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Restore this version' })).toHaveCount(0);

  // From version 1's card the colleague reaches the export with that version chosen, and what survives it.
  await viewerPage
    .getByRole('listitem', { name: 'Version 1' })
    .getByRole('link', { name: 'Export version 1' })
    .click();
  await expect(viewerPage).toHaveURL(/\/settings\/export\?version=[0-9a-f-]{36}$/);
  const exportForm = viewerPage.getByRole('form', { name: 'Export' });
  await expect(exportForm.getByLabel('Version', { exact: true }).locator('option:checked')).toHaveText(
    'Version 1',
  );
  await expect(exportForm.getByRole('region', { name: 'What survives the export' })).toBeVisible();
  await viewerPage
    .getByRole('navigation', { name: 'Model', exact: true })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(viewerPage.getByRole('link', { name: 'Delete model' })).toHaveCount(0);
  await viewerPage.goto(`${modelUrl}/settings/deleteModel`);
  await expect(viewerPage.getByText("Only the model's admins can delete it.")).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Delete model' })).toHaveCount(0);

  // Export version 2 as SAP2000 text.
  await page.goto(`${modelUrl}/settings/export`);
  await page.getByLabel('Version', { exact: true }).selectOption({ label: 'Version 2' });
  await page.getByLabel('SAP2000 text (.s2k)').check();
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/\.s2k$/);
  const exported = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(exported);
  expect((await readFile(exported, 'utf8')).length).toBeGreaterThan(0);

  // Import the exported file as a new model of the organization.
  await page.goto(organizationModelsUrl);
  const fromFile = page.getByRole('region', { name: 'New model from a file' });
  await fromFile.getByLabel('Model file').setInputFiles(exported);
  await fromFile.getByLabel('Model name').fill('Perform example (from SAP2000)');
  await fromFile.getByRole('button', { name: 'Upload' }).click();
  await expect(fromFile.getByText('Version 1 is ready.')).toBeVisible({ timeout: 30_000 });
  await fromFile.getByRole('link', { name: 'Open the model' }).click();
  await expect(page.getByRole('heading', { name: 'Perform example (from SAP2000)', level: 1 })).toBeVisible();
  await expect(versionHeadings(page)).toHaveText(['Version 1']);
  await expect(page.getByRole('listitem', { name: 'Version 1' })).toContainText(/\.s2k/);
});
