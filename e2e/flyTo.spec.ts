import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  createOrganizationAndModel,
  e2kFixtures,
  signUp,
  uploadVersion,
  uniqueStamp,
} from './fixtures/journeys';
import { cameraOn, flightOutcome, MIN_SCREEN_HEIGHT, screenPositionOf } from './fixtures/viewer';

/**
 * Issue #23 item 1: a change chosen in the compare list takes the engineer to the element. The camera flies to
 * it (its target ends inside the element's box, and the element is at least 5 % of the canvas tall); the wheel
 * then zooms about the element under the cursor; 'Show in view' and a report's line do the same. Everything is
 * polled: the flight's length is not asserted.
 */

const before = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const after = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');
const stamp = uniqueStamp();
const engineer = { email: `fly.${stamp}@example.com`, firstName: 'Flora', lastName: 'Flyer' };
test('a change chosen in the compare list flies the camera to its element; the wheel zooms about it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, engineer);
  const modelUrl = await createOrganizationAndModel(page, 'Fly works', 'Perform fly-to');
  const modelPath = new URL(modelUrl).pathname;
  await uploadVersion(page, before, 1);
  await page.getByRole('button', { name: 'Close report' }).click();
  await uploadVersion(page, after, 2);
  await page.getByRole('button', { name: 'Close report' }).click();

  await page.goto(`${modelPath}/history`);
  await page.getByRole('link', { name: 'Compare version 2 with version 1' }).click();
  const changeList = page.getByTestId('change-list');
  await expect(changeList).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: '3D view' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 60_000,
  });

  // The whole model is in view: an added beam is small in it.
  const added = changeList
    .locator('section[aria-label^="Added"] [data-testid="change-item"][data-key^="elements:B"]')
    .first();
  const beam = ((await added.getAttribute('data-key')) ?? '').replace(/^elements:/, '');
  await expect.poll(async () => (await cameraOn(page, beam))?.mode).toBe('perspective');
  const whole = await cameraOn(page, beam);

  await added.getByRole('button').click();
  await expect.poll(async () => (await cameraOn(page, beam))?.selection).toEqual([beam]);
  await expect.poll(() => flightOutcome(page, beam)).toBe('taken to it');
  const flown = await cameraOn(page, beam);
  expect(flown?.radius ?? Infinity).toBeLessThan(whole?.radius ?? 0);
  expect(flown?.height ?? 0).toBeGreaterThan(whole?.height ?? 1);

  // The wheel over the beam zooms toward it: closer, and the beam stays under the cursor.
  const canvas = page.getByRole('img', { name: '3D model view' });
  const box = await canvas.boundingBox();
  const at = await screenPositionOf(page, beam);
  if (!box || !at) throw new Error('The beam is not on screen after the flight');
  await page.mouse.move(box.x + at.x, box.y + at.y);
  await page.mouse.wheel(0, -100);
  await expect
    .poll(async () => (await cameraOn(page, beam))?.radius ?? Infinity)
    .toBeLessThan(flown?.radius ?? 0);
  await expect
    .poll(async () => (await cameraOn(page, beam))?.height ?? 0)
    .toBeGreaterThan(flown?.height ?? Infinity);

  // 'Show in view' in the properties panel flies back to the selected element after the user zoomed away.
  for (let turn = 0; turn < 3; turn += 1) await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await cameraOn(page, beam))?.height ?? 1).toBeLessThan(MIN_SCREEN_HEIGHT);
  await page
    .getByRole('complementary', { name: 'Properties' })
    .getByRole('button', { name: 'Show in view' })
    .click();
  await expect
    .poll(async () => {
      const facts = await cameraOn(page, beam);
      return facts && !facts.flying && facts.inside && facts.height >= MIN_SCREEN_HEIGHT;
    })
    .toBe(true);

  // A report's line opens the viewer on its change and takes the camera to the element.
  await page.goto(`${modelPath}/reports`);
  await page.getByTestId('new-report').click();
  const form = page.getByRole('form', { name: 'New report' });
  await form.getByLabel('Title').fill('Fly-to check');
  await form.getByRole('button', { name: 'Create report' }).click();
  await page.getByTestId('report-row').getByRole('button', { name: 'Fly-to check', exact: true }).click();
  const line = page
    .getByTestId('report-detail')
    .locator('[data-testid="change-item"][data-key^="elements:B"]')
    .nth(3);
  await expect(line).toBeVisible({ timeout: 90_000 });
  const reported = ((await line.getAttribute('data-key')) ?? '').replace(/^elements:/, '');
  await line.getByRole('link').click();
  await expect(page).toHaveURL(/visualize\/elements\?version=[^&]+&compare=[^&]+&change=/);
  await expect
    .poll(
      async () => {
        const facts = await cameraOn(page, reported);
        return (
          facts !== null &&
          facts.selection[0] === reported &&
          !facts.flying &&
          facts.inside &&
          facts.height >= MIN_SCREEN_HEIGHT
        );
      },
      { timeout: 90_000 },
    )
    .toBe(true);
});
