import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { frameBuildingE2k, frameForcesText } from '../src/engine/results/testing/frameBuilding';
import { CHANGED_COLOUR } from '../src/machines/results/resultsMachine';
import type { ViewerTestApi } from '../src/viewer/types';
import {
  createOrganizationAndModel,
  newPage,
  shareModel,
  signUp,
  uploadVersion,
  uniqueStamp,
} from './fixtures/journeys';
import { loggedIn, socketFrames } from './fixtures/socket';

/**
 * Issue #25's journey: an engineer uploads a frame and the beam forces ETABS exported for it (a colleague with
 * the version open sees them arrive), shows the M3 diagrams of a combination in 3-D, uploads the revised frame
 * (B2's span grows) with its forces, and sees the member whose M3 changed by more than 10 % highlighted and
 * listed, the unchanged one not.
 */

const stamp = uniqueStamp();
const engineer = { email: `results.${stamp}@example.com`, firstName: 'Rhea', lastName: 'Results' };
const colleague = { email: `results.colleague.${stamp}@example.com`, firstName: 'Cole', lastName: 'League' };

type TestWindow = { __gussetViewer?: ViewerTestApi };
const colourOf = (page: Page, id: string) =>
  page.evaluate(
    (element) => (globalThis as unknown as TestWindow).__gussetViewer?.colorOf(element) ?? null,
    id,
  );
const reactionArrows = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as TestWindow).__gussetViewer?.reactionArrows() ?? 0);
const deformedShape = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as TestWindow).__gussetViewer?.deformedShape() ?? {
        segments: 0,
        animated: false,
      },
  );
const diagramSegments = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as TestWindow).__gussetViewer?.diagramSegments() ?? 0);

async function openResults(page: Page, modelUrl: string, versionNumber: number) {
  await page.goto(`${modelUrl}/visualize/elements`);
  await expect(page.getByRole('region', { name: '3D view' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 60_000,
  });
  const picker = page.getByRole('combobox', { name: 'Version' });
  const option = picker.getByRole('option', { name: new RegExp(`^Version ${versionNumber}\\b`) });
  await picker.selectOption({ label: (await option.textContent()) ?? '' });
  await expect(page.getByRole('region', { name: '3D view' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 60_000,
  });
  const show = page.getByRole('button', { name: 'Show results' });
  if (await show.isVisible()) await show.click();
  return page.getByRole('complementary', { name: 'Results' });
}

test('results: M3 diagrams of a combination, then the members whose M3 changed in the revision', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const colleaguePage = await newPage(browser);
  await signUp(colleaguePage, colleague);
  await signUp(page, engineer);
  const modelUrl = await createOrganizationAndModel(page, 'Results Structures', 'Frame');
  const files = {
    model1: test.info().outputPath('frame.e2k'),
    model2: test.info().outputPath('frame-rev.e2k'),
    forces1: test.info().outputPath('frame-forces.txt'),
    forces2: test.info().outputPath('frame-rev-forces.txt'),
  };
  await writeFile(files.model1, frameBuildingE2k(10));
  await writeFile(files.model2, frameBuildingE2k(12));
  // The first export also holds the base reaction under the combination, the joints' displacements under DEAD
  // and the first two modes, and the modes' periods.
  const displacements = [
    ['Base', '1', '0', '0'],
    ['L1', '1', '0.0005', '-0.0002'],
    ['L1', '2', '0.0005', '0.0004'],
    ['L1', '3', '0.0005', '-0.0003'],
  ]
    .map(
      ([story, label, ux, ry]) =>
        `   Story=${story}   Label=${label}   OutputCase=DEAD   CaseType=LinStatic   Ux=${ux}   Uy=0   Uz=${label === '2' ? '-0.012' : '0'}   Rx=0   Ry=${ry}   Rz=0`,
    )
    .join('\n');
  const modes = ['1', '2', '3']
    .flatMap((label) =>
      ['1', '2'].map(
        (mode) =>
          `   Story=L1   Label=${label}   OutputCase=MODAL   CaseType=LinModal   StepType=Mode   StepNum=${mode}   Ux=${mode === '1' ? '0.02' : '0'}   Uy=${mode === '2' ? '0.03' : '0'}   Uz=0   Rx=0   Ry=0   Rz=0`,
      ),
    )
    .join('\n');
  const periods =
    'TABLE:  "MODAL PERIODS AND FREQUENCIES"\n   OutputCase=MODAL   StepType=Mode   StepNum=1   Period=1.25   Frequency=0.8\n   OutputCase=MODAL   StepType=Mode   StepNum=2   Period=0.4   Frequency=2.5\n';
  await writeFile(
    files.forces1,
    frameForcesText(12).replace(
      'END TABLE DATA',
      `TABLE:  "JOINT REACTIONS"\n   Story=Base   Label=1   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Max   FX=0   FY=0   FZ=150   MX=0   MY=0   MZ=0\n\nTABLE:  "JOINT DISPLACEMENTS"\n${displacements}\n${modes}\n\n${periods}\nEND TABLE DATA`,
    ),
  );
  // The revision's export also holds ETABS story drifts.
  await writeFile(
    files.forces2,
    frameForcesText(20).replace(
      'END TABLE DATA',
      'TABLE:  "STORY DRIFTS"\n   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0042\n   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=Y   Drift=0.0006\n\nEND TABLE DATA',
    ),
  );
  await uploadVersion(page, files.model1, 1);
  await shareModel(page, colleague, 'READ');
  const colleagueFrames = socketFrames(colleaguePage);
  const colleaguePanel = await openResults(colleaguePage, modelUrl, 1);

  const panel = await openResults(page, modelUrl, 1);
  await expect(panel.getByText('This version has no analysis results yet.')).toBeVisible();
  // A colleague has the same version open: the results appear there once uploaded, with a toast.
  await expect(colleaguePanel.getByText('This version has no analysis results yet.')).toBeVisible();
  await expect.poll(() => loggedIn(colleagueFrames)).toBe(true);
  await panel.getByLabel('Upload results').setInputFiles(files.forces1);
  await expect(panel.getByText('frame-forces.txt · ETABS 21.0.0')).toBeVisible({ timeout: 60_000 });
  await expect(colleaguePanel.getByText('frame-forces.txt · ETABS 21.0.0')).toBeVisible({ timeout: 30_000 });
  await expect(
    colleaguePage
      .getByRole('region', { name: 'Live updates' })
      .getByText('Rhea Results uploaded analysis results to Frame.'),
  ).toBeVisible();
  await colleaguePage.context().close();
  await expect(
    panel.getByText(/member forces: 11 rows, 2 members matched, 1 not in this version/),
  ).toBeVisible();

  // M3 of the combination: the envelope's diagram along B1, and B1 coloured from the legend, not as a beam.
  await panel.getByRole('combobox', { name: 'Case', exact: true }).selectOption('1.2D+1.6L');
  await expect(panel.getByLabel('Component')).toHaveValue('m3');
  await expect(panel.getByRole('figure', { name: 'Legend' })).toContainText('kN·m');
  await expect.poll(() => diagramSegments(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => colourOf(page, 'B1@L1')).toBe('#b10026');
  // The column's base reaction under the combination, as an arrow.
  await expect.poll(() => reactionArrows(page)).toBe(1);

  // Pointing at B1 reads its diagram off beside the pointer; clicking it, in its properties too.
  const canvasBox = await page.getByRole('img', { name: '3D model view' }).boundingBox();
  const b1OnScreen = await page.evaluate(
    () => (globalThis as unknown as TestWindow).__gussetViewer?.screenPositionOf('B1@L1') ?? null,
  );
  if (!canvasBox || !b1OnScreen) throw new Error('B1 is not on screen');
  await page.mouse.move(canvasBox.x + b1OnScreen.x - 3, canvasBox.y + b1OnScreen.y);
  await page.mouse.move(canvasBox.x + b1OnScreen.x, canvasBox.y + b1OnScreen.y);
  const hover = page.getByRole('tooltip').getByRole('region', { name: 'B1@L1: M3 under 1.2D+1.6L' });
  await expect(hover.locator('dd')).toHaveText([
    '-80 kN·m to -50 kN·m',
    '-80 kN·m to -50 kN·m',
    '-50 kN·m at 0 mm',
    '-80 kN·m at 0 mm',
  ]);
  const canvas = page.getByRole('img', { name: '3D model view' });
  const box = await canvas.boundingBox();
  const b1 = await page.evaluate(
    () => (globalThis as unknown as TestWindow).__gussetViewer?.screenPositionOf('B1@L1') ?? null,
  );
  if (!box || !b1) throw new Error('B1 is not on screen');
  await page.mouse.click(box.x + b1.x, box.y + b1.y);
  // In its properties, under its name.
  const reading = page
    .getByRole('complementary', { name: 'Properties' })
    .getByRole('region', { name: 'M3 under 1.2D+1.6L' });
  await expect(reading.locator('dd')).toHaveText([
    '-80 kN·m to -50 kN·m',
    '-80 kN·m to -50 kN·m',
    '-50 kN·m at 0 mm',
    '-80 kN·m at 0 mm',
  ]);

  // The deformed shape under DEAD, from the joints' displacements: swinging, then still.
  const deformed = panel.getByRole('region', { name: 'Deformed shape' });
  await expect(deformed.getByRole('combobox', { name: 'Deformed shape Case' })).toHaveValue('DEAD');
  await deformed.getByLabel('Show the deformed shape').check();
  await expect(deformed.getByRole('status')).toContainText('Largest displacement 12 mm');
  // Beams B1 and B2 and column C1, 8 pieces each.
  await expect.poll(() => deformedShape(page)).toEqual({ segments: 24, animated: true });
  await deformed.getByLabel('Animate').uncheck();
  await expect.poll(() => deformedShape(page)).toEqual({ segments: 24, animated: false });
  // The modal case: its first mode, then the second, each with its period.
  await deformed.getByRole('combobox', { name: 'Deformed shape Case' }).selectOption('MODAL');
  const mode = deformed.getByRole('combobox', { name: 'Deformed shape Mode' });
  await expect(mode).toHaveValue('Mode 1');
  await expect(deformed.getByRole('status')).toContainText('Mode 1 of MODAL (T = 1.250 s).');
  await expect(deformed.getByRole('status')).toContainText('Largest displacement 20 mm');
  await mode.selectOption('Mode 2');
  await expect(deformed.getByRole('status')).toContainText('Mode 2 of MODAL (T = 0.400 s).');
  await expect(deformed.getByRole('status')).toContainText('Largest displacement 30 mm');
  await deformed.getByLabel('Show the deformed shape').uncheck();
  await expect.poll(() => deformedShape(page)).toEqual({ segments: 0, animated: false });

  // The revision and its results.
  await page.goto(`${modelUrl}/history`);
  await uploadVersion(page, files.model2, 2);
  const revised = await openResults(page, modelUrl, 2);
  await revised.getByLabel('Upload results').setInputFiles(files.forces2);
  await expect(revised.getByText('frame-rev-forces.txt · ETABS 21.0.0')).toBeVisible({ timeout: 60_000 });
  const drifts = revised.getByRole('region', { name: 'Story drifts' });
  await expect(drifts.getByRole('listitem')).toHaveText(/^L1.*X 0\.42 % · Y 0\.06 %$/);
  await revised.getByLabel('Compare results with').selectOption({ label: 'Version 1' });
  await expect(revised.getByText('1 member changed M3 by more than 10 % (highlighted)')).toBeVisible({
    timeout: 30_000,
  });
  const changed = revised.getByRole('list', { name: 'Members whose M3 changed' });
  await expect(changed.getByRole('listitem')).toHaveCount(1);
  await expect(changed.getByRole('listitem')).toHaveText(
    'max M3 in B2@L1 rose 67 % under DEAD (12 kN·m → 20 kN·m)',
  );
  await expect.poll(() => colourOf(page, 'B2@L1')).toBe(CHANGED_COLOUR);
  expect(await colourOf(page, 'B1@L1')).not.toBe(CHANGED_COLOUR);
  // While comparing, the highlight is the picture: no diagrams over it.
  expect(await diagramSegments(page)).toBe(0);

  // The revision's engineering summary in the history carries the results line.
  await page.goto(`${modelUrl}/history`);
  await expect(
    page.getByRole('listitem', { name: 'Version 2' }).getByTestId('version-result-changes'),
  ).toHaveText('Results against version 1: max M3 in B2@L1 rose 67 % under DEAD (12 kN·m → 20 kN·m)');
  await expect(
    page.getByRole('listitem', { name: 'Version 1' }).getByTestId('version-result-changes'),
  ).toHaveCount(0);

  // A report of the revision lists the member forces that changed, in the summary's words.
  await page.goto(`${modelUrl}/reports`);
  await page.getByTestId('new-report').click();
  const form = page.getByRole('form', { name: 'New report' });
  await form.getByLabel('Title').fill('Span change');
  await form.getByRole('button', { name: 'Create report' }).click();
  await page.getByTestId('report-row').getByRole('button', { name: 'Span change', exact: true }).click();
  const analysis = page.getByTestId('report-detail').getByRole('region', { name: 'Analysis results' });
  await expect(
    analysis.getByRole('list', { name: 'Members whose M3 changed' }).getByRole('listitem'),
  ).toHaveText(['max M3 in B2@L1 rose 67 % under DEAD (12 kN·m → 20 kN·m)'], { timeout: 30_000 });
});
