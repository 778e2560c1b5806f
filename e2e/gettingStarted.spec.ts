import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ViewerTestApi } from '../src/viewer/types';
import {
  e2kFixtures,
  newPage,
  password,
  shareModel,
  signUp,
  uploadVersion,
  type Person,
  uniqueStamp,
} from './fixtures/journeys';
import { linkFromOutbox, outboxFiles } from './fixtures/outbox';

/**
 * The journey docs/getting-started.md walks, in the order it walks it: sign up, upload a model from a file, look
 * at it in 3D, upload a revision and compare it, share the model, check it for repair, export it. Each step ends
 * on a visible state and is photographed into docs/images/getting-started/ at 1280×800, so the guide's pictures
 * are the product as this build runs it. The files are the real RDC_PERFORM example pair.
 */

const imagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'images',
  'getting-started',
);
const firstFile = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const revisedFile = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');
/** Ejemplo → EjemploNew adds 2,650 beams (see compare.spec.ts). */
const ADDED_BEAMS = 2650;

const stamp = uniqueStamp();
const engineer: Person = { email: `ana.${stamp}@example.com`, firstName: 'Ana', lastName: 'Ingeniera' };
const colleague: Person = { email: `carlos.${stamp}@example.com`, firstName: 'Carlos', lastName: 'Checker' };

type TestWindow = { __gussetViewer?: ViewerTestApi };
type Scrollable = { scrollBy: (x: number, y: number) => void };

const viewerFacts = (page: Page) =>
  page.evaluate(() => {
    const api = (globalThis as unknown as TestWindow).__gussetViewer;
    return api ? { frames: api.frameStats().frames, colours: api.changeColourCounts() } : null;
  });

/**
 * The viewport as a PNG of at most 128 colours (the screens are flat UI and line drawings: a palette keeps each
 * picture a few tens of KB without visible loss).
 */
async function photograph(
  page: Page,
  name: string,
  scrollTo?: { locator: Locator; block: 'start' | 'center' | 'end' },
) {
  if (scrollTo) {
    const { block } = scrollTo;
    await scrollTo.locator.evaluate((element, where) => {
      element.scrollIntoView({ block: where });
      // The app's header stays on top of the page: what is scrolled to the top goes just below it.
      if (where === 'start') (globalThis as unknown as Scrollable).scrollBy(0, -80);
    }, block);
  }
  // Toasts come and go on their own clock: they are left out, so each picture is the same from run to run.
  const shot = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    style: '.Toastify { display: none !important; }',
  });
  const png = await sharp(shot)
    .png({ palette: true, colours: 128, quality: 90, compressionLevel: 9, effort: 8 })
    .toBuffer();
  await writeFile(path.join(imagesDir, `${name}.png`), png);
}

test('the getting-started journey: sign up, upload, view, compare, share, check and export', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  await mkdir(imagesDir, { recursive: true });

  // The colleague has an account first: a model is shared with an existing user.
  const colleaguePage = await newPage(browser);
  await signUp(colleaguePage, colleague);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  // --- 1. Sign up: the email address, the mailed link, then name and password.
  await page.goto('/signup');
  const mailsBefore = await outboxFiles();
  await page.getByLabel('Email address').fill(engineer.email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  const link = await linkFromOutbox(
    engineer.email,
    /https?:\/\/[^\s"<>]+\/verify\?resetToken=[^\s"<>&]+&email=[^\s"<>]+/,
    mailsBefore,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('First name').fill(engineer.firstName);
  await page.getByLabel('Last name').fill(engineer.lastName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('First name').blur();
  await photograph(page, '01-sign-up');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Free').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify\/download-plugins$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // --- 2. An organization from the dashboard, then a model from a file, with its translation report.
  const getStarted = page.getByRole('region', { name: 'Get started' });
  const newOrganization = getStarted.getByRole('form', { name: 'New organization' });
  await newOrganization.getByLabel('Organization name').fill('Ana Structures');
  await newOrganization.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/[^/]+\/models$/);
  const fromFile = page.getByRole('region', { name: 'New model from a file' });
  await fromFile.getByLabel('Model file').setInputFiles(firstFile);
  await fromFile.getByLabel('Model name').fill('Perform example');
  await fromFile.getByRole('button', { name: 'Upload' }).click();
  await expect(fromFile.getByText('Version 1 is ready.')).toBeVisible({ timeout: 60_000 });
  await expect(fromFile.getByText('Kept:')).toBeVisible();
  await photograph(page, '02-upload', { locator: fromFile, block: 'center' });
  await fromFile.getByRole('link', { name: 'Open the model' }).click();
  await expect(page.getByRole('heading', { name: 'Perform example', level: 1 })).toBeVisible();
  const modelPath = new URL(page.url()).pathname.replace(/\/history$/, '');
  const modelTabs = page.getByRole('navigation', { name: 'Model', exact: true });

  // --- 3. The model in 3D.
  await modelTabs.getByRole('link', { name: '3D view' }).click();
  const stage = page.getByRole('region', { name: '3D view' });
  await expect(stage).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });
  await expect.poll(async () => (await viewerFacts(page))?.frames ?? 0).toBeGreaterThan(0);
  // The first view of a model replaces its sketch as its thumbnail: 'View options' shows it saving, and is
  // closed again before the picture (it drops over the canvas).
  const viewOptions = page.getByText('View options', { exact: true });
  await viewOptions.click();
  await expect(page.getByRole('button', { name: 'Set as thumbnail' })).toBeEnabled({ timeout: 30_000 });
  await viewOptions.click();
  await expect(page.getByRole('button', { name: 'Set as thumbnail' })).toBeHidden();
  await photograph(page, '03-view', { locator: stage, block: 'end' });

  // --- 4. A revision as version 2, compared with version 1 in the viewer.
  await page.goto(`${modelPath}/history`);
  await uploadVersion(page, revisedFile, 2);
  await page.getByRole('button', { name: 'Close report' }).click();
  await expect(
    page.getByRole('listitem', { name: 'Version 2' }).getByTestId('version-changes'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Compare version 2 with version 1' }).click();
  await expect(page).toHaveURL(/visualize\/elements\?version=[^&]+&compare=/);
  await expect(page.getByTestId('change-list')).toBeVisible({ timeout: 90_000 });
  await expect(stage).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });
  await expect
    .poll(async () => (await viewerFacts(page))?.colours.added, { timeout: 60_000 })
    .toBe(ADDED_BEAMS);
  await photograph(page, '04-compare', { locator: stage, block: 'end' });

  // --- 5. Shared with a colleague who may upload (WRITE); they are mailed a link to the model.
  await page.goto(`${modelPath}/history`);
  await shareModel(page, colleague, 'WRITE');
  await photograph(page, '05-share');

  // --- 6. Check and repair: the connectivity check of version 2.
  await modelTabs.getByRole('link', { name: 'Check and repair' }).click();
  await expect(page).toHaveURL(/\/visualize\/repair$/);
  await page.getByRole('button', { name: 'Check connectivity' }).click();
  const issues = page.getByRole('region', { name: 'Issues' });
  await expect(issues.getByTestId('repair-issue-total')).toHaveText(/^\d[\d,]* issues?$/, {
    timeout: 90_000,
  });
  await expect(page.getByRole('region', { name: '3D view' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 90_000,
  });
  await photograph(page, '06-check-and-repair');

  // --- 7. Export version 2 as SAP2000 text, with what survives the translation.
  await page.goto(`${modelPath}/history`);
  await page
    .getByRole('listitem', { name: 'Version 2' })
    .getByRole('link', { name: 'Export version 2' })
    .click();
  const exportForm = page.getByRole('form', { name: 'Export' });
  await exportForm.getByLabel('SAP2000 text (.s2k)').check();
  const survives = exportForm.getByRole('region', { name: 'What survives the export' });
  await expect(survives).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });
  await expect(survives.getByRole('list', { name: 'Compared' })).toBeVisible();
  await photograph(page, '07-export', { locator: exportForm, block: 'start' });
  const downloadStarted = page.waitForEvent('download');
  await exportForm.getByRole('button', { name: 'Download' }).click();
  expect((await downloadStarted).suggestedFilename()).toMatch(/\.s2k$/);

  await colleaguePage.context().close();
  await context.close();
});
