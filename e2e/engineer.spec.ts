import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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
import { loggedIn, socketFrames } from './fixtures/socket';
import { cameraOn, flightOutcome } from './fixtures/viewer';

/**
 * Issue #23's acceptance journey, an engineer's day: upload a building and its revision, compare them and click a
 * change (the camera flies to the element), look at a level in plan, then take from a consultant's file only the
 * new section of a beam that also moved. The version made has exactly that change, and both the engineer's
 * dashboard and a colleague's live toast name the resize.
 */

const first = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const second = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');
const stamp = uniqueStamp();
const engineer = { email: `eng.${stamp}@example.com`, firstName: 'Erin', lastName: 'Engineer' };
const colleague = { email: `eng.colleague.${stamp}@example.com`, firstName: 'Colin', lastName: 'Colleague' };

/** The beam the consultant resized (V40X55 → V40X40) and moved: its end j, point 847, moves 0.1 m in X. */
const BEAM = 'B408@11_P6';
const RESIZE = '1 beam resized V40X55 → V40X40';

/** The consultant's file: the second version with point 847 moved 0.1 m in X and beam B408 on 11_P6 resized. */
async function consultantsFile(): Promise<string> {
  const text = await readFile(second, 'latin1');
  const lines = text.split('\n').map((line) => {
    const point = /^( {2}POINT "847"\s+)(\S+)(.*)$/.exec(line);
    if (point) return `${point[1]}${(Number(point[2]) + 0.1).toFixed(2)}${point[3]}`;
    if (line.startsWith('  LINEASSIGN  "B408"  "11_P6"  SECTION "V40X55"'))
      return line.replace('SECTION "V40X55"', 'SECTION "V40X40"');
    return line;
  });
  const file = path.join(os.tmpdir(), `gusset-consultant-${stamp}.e2k`);
  await writeFile(file, lines.join('\n'), 'latin1');
  return file;
}

test('an engineer is taken to a change, sees a level in plan and takes only the resize of a moved beam', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const colleaguePage = await newPage(browser);
  await signUp(colleaguePage, colleague);
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, engineer);
  const modelUrl = await createOrganizationAndModel(page, 'Erin Structures', 'Selecto Tower');
  const modelPath = new URL(modelUrl).pathname;
  await uploadVersion(page, first, 1);
  await page.getByRole('button', { name: 'Close report' }).click();
  await uploadVersion(page, second, 2);
  await page.getByRole('button', { name: 'Close report' }).click();
  await shareModel(page, colleague, 'READ');

  // --- Compare, and click a change: the camera takes the engineer to the element.
  await page.goto(`${modelPath}/history`);
  await page.getByRole('link', { name: 'Compare version 2 with version 1' }).click();
  const changeList = page.getByTestId('change-list');
  await expect(changeList).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: '3D view' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 60_000,
  });
  const change = changeList.locator('[data-testid="change-item"][data-key^="elements:B"]').first();
  const element = ((await change.getAttribute('data-key')) ?? '').replace(/^elements:/, '');
  await change.getByRole('button').click();
  await expect.poll(async () => (await cameraOn(page, element))?.selection).toEqual([element]);
  await expect.poll(() => flightOutcome(page, element)).toBe('taken to it');

  // --- A level in plan: the storey drawn through an orthographic camera, looking down.
  await page.getByLabel('Plan', { exact: true }).selectOption({ index: 1 });
  await expect.poll(async () => (await cameraOn(page, element))?.mode).toBe('orthographic');
  await expect(page.getByText(/^Plan: /)).toBeVisible();

  // --- The consultant's file, reviewed: only the beam's new section is taken, not its move.
  const colleagueFrames = socketFrames(colleaguePage);
  await colleaguePage.goto(`${modelPath}/history`);
  await expect(versionHeadings(colleaguePage)).toHaveText(['Version 2', 'Version 1']);
  await expect.poll(() => loggedIn(colleagueFrames)).toBe(true);

  await page.goto(`${modelPath}/history`);
  const panel = page.getByRole('region', { name: 'Upload new version' });
  await panel.getByLabel('Model file').setInputFiles(await consultantsFile());
  await panel.getByTestId('review-upload-checkbox').check();
  await panel.getByRole('button', { name: 'Upload' }).click();
  await panel.getByTestId('review-changes-link').click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/review\//);
  const parts = page.getByRole('list', { name: /^Properties of B408 at 11_P6/ });
  await expect(parts.getByRole('checkbox', { name: 'Geometry' })).toBeChecked();
  await expect(parts.getByRole('checkbox', { name: 'Profile' })).toBeChecked();
  await page.getByRole('button', { name: 'Select none' }).click();
  await parts.getByRole('checkbox', { name: 'Profile' }).check();
  await expect(parts.getByText('Left as it was: Geometry.')).toBeVisible();
  await expect(page.getByText(/^1 of \d+ changes selected$/)).toBeVisible();
  await page.getByTestId('apply-review').click();
  await expect(page.getByText('Version 3 is ready.')).toBeVisible({ timeout: 60_000 });

  // The colleague hears of it live, in engineering words.
  await expect(
    colleaguePage
      .getByRole('region', { name: 'Live updates' })
      .getByText(`Erin Engineer added version 3 of Selecto Tower: ${RESIZE}.`),
  ).toBeVisible({ timeout: 30_000 });

  // The new version has exactly that change: compared with version 2, one beam with one line, its section.
  await page.goto(`${modelPath}/history`);
  await page.getByRole('link', { name: 'Compare version 3 with version 2' }).click();
  await expect(changeList.locator('[data-testid="change-item"]')).toHaveCount(1, { timeout: 90_000 });
  const only = changeList.locator('[data-testid="change-item"]');
  await expect(only).toHaveAttribute('data-key', `elements:${BEAM}`);
  await expect(only).toContainText('Profile: V40X55 → V40X40');
  await expect(only).not.toContainText('moved');

  // The dashboard names the resize.
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'What changed' })).toContainText(RESIZE);
});
