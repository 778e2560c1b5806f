import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOrganizationAndModel, e2kFixtures, signUp, uniqueStamp, uploadVersion } from '../e2e/fixtures/journeys';

const out = '/tmp/shots';
test('screens at 1440 and 390', async ({ page }) => {
  const stamp = uniqueStamp();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, { email: `shots${stamp}@example.com`, firstName: 'Ada', lastName: 'Steel' });
  const model = await createOrganizationAndModel(page, `Office ${stamp}`, 'Tower A');
  await uploadVersion(page, path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k'), 1);
  await uploadVersion(page, path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k'), 2);
  const routes: Array<[string, string]> = [
    ['history', `${model}/history`],
    ['repair', `${model}/visualize/repair`],
    ['merge', `${model}/visualize/merge`],
    ['reports', `${model}/reports`],
    ['filters', `${model}/settings/filters`],
    ['people', `${model}/people`],
    ['dashboard', '/dashboard'],
    ['tokens', '/profile/tokens'],
    ['orgs', '/profile/organizations'],
  ];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, route] of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: width === 390 ? false : false });
    }
  }
  expect(true).toBe(true);
});
