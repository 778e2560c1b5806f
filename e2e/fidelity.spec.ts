import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PINNED_BEAM_IDS, PINNED_BUILDING_E2K } from '../src/engine/fidelity/testing/pinnedBuilding';
import { createOrganizationAndModel, signUp, uploadVersion, uniqueStamp } from './fixtures/journeys';

/**
 * Issue #20's journey: an engineer uploads a small ETABS building whose beams are pinned with ETABS's named
 * `RELEASE "PINNED"` and whose section names carry the inch mark as a doubled quote (`"W12X26 ""A"""`,
 * `"12"" NWC SLAB"`), opens the export screen, chooses SAP2000 and reads, before downloading, what survives the
 * translation: the server wrote the .s2k, read it back and compared. Then the .s2k is downloaded and holds the
 * releases.
 */

const stamp = uniqueStamp();
const engineer = { email: `fidelity.${stamp}@example.com`, firstName: 'Fay', lastName: 'Fidelity' };

test('the export screen certifies what survives the translation to SAP2000 before the download', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, engineer);
  const modelUrl = await createOrganizationAndModel(page, 'Pinned Structures', 'Pinned building');

  const file = test.info().outputPath('pinned-building.e2k');
  await writeFile(file, PINNED_BUILDING_E2K);
  await uploadVersion(page, file, 1);

  await page.goto(`${modelUrl}/settings/export`);
  await page.getByLabel('SAP2000 text (.s2k)').check();
  const certificate = page.getByRole('region', { name: 'What survives the export' });
  await expect(
    certificate.getByRole('heading', { name: 'What survives the translation to SAP2000' }),
  ).toBeVisible();
  // The download never waits for the certificate.
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();

  const compared = certificate.getByRole('list', { name: 'Compared' });
  await expect(compared).toBeVisible({ timeout: 60_000 });
  // The pinned beams keep their end releases; the sections named with the inch mark come back with the same
  // shapes on the same members, under names SAP2000 can write (the report says so).
  await expect(compared.getByText(/^8 beams: .*end releases.* identical/)).toBeVisible();
  await expect(compared.getByText(/end releases differ/)).toHaveCount(0);
  await expect(compared.getByText('3 sections: definitions differ on 2')).toBeVisible();
  await expect(compared.getByText(/^2 floors: .*sections.* identical/)).toBeVisible();
  await expect(compared.getByText('Load totals: 1 of 1 pattern identical')).toBeVisible();
  // SAP2000 has no storeys: the three levels are the only loss, and the writer's report names it; the two
  // renamed sections are the approximations.
  await expect(
    certificate.getByText('Survives with 2 approximations and 3 losses the report names'),
  ).toBeVisible();
  const approximated = certificate.getByRole('region', { name: 'Approximated' });
  await expect(approximated.getByRole('listitem')).toContainText('single quotes');
  const dropped = certificate.getByRole('region', { name: 'Dropped' });
  await expect(dropped.getByRole('listitem')).toHaveCount(1);
  await expect(dropped.getByRole('listitem')).toContainText('levels: 3 (Story2, Story1, Base)');
  await expect(dropped.getByRole('listitem')).toContainText('SAP2000 has no stories');
  await expect(certificate.getByRole('region', { name: 'Not reported' })).toHaveCount(0);

  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe('Pinned building v1.s2k');
  const saved = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  const text = await readFile(saved, 'utf8');
  expect(text).toContain('TABLE:  "FRAME RELEASE ASSIGNMENTS 1 - GENERAL"');
  for (const beam of PINNED_BEAM_IDS) {
    expect(text).toMatch(new RegExp(`Frame=${beam}\\s+PI=No .*M2I=Yes\\s+M3I=Yes .*M2J=Yes\\s+M3J=Yes`));
  }
  // SAP2000 text cannot hold a double quote inside a quoted value: the writer uses the single quote (and says so).
  expect(text).toContain(`AnalSect="W12X26 'A'"`);
  expect(text).toContain(`Section="12' NWC SLAB"`);
});
