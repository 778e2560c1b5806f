import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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

/**
 * Issue #5's acceptance journey: live collaboration over the socket. The owner uploads a version to a model
 * shared read-only with a colleague, whose open history shows the upload's progress bar and then the new
 * version with a toast, without a reload; a third user, with no access to the model, sees nothing of it.
 */

const firstFile = path.join(e2kFixtures, 'RDC_PERFORM__Ejemplo.e2k');
const secondFile = path.join(e2kFixtures, 'RDC_PERFORM__EjemploNew.e2k');

const stamp = uniqueStamp();
const owner = { email: `live.owner.${stamp}@example.com`, firstName: 'Olga', lastName: 'Owner' };
const reader = { email: `live.reader.${stamp}@example.com`, firstName: 'Rita', lastName: 'Reader' };
const stranger = { email: `live.stranger.${stamp}@example.com`, firstName: 'Sam', lastName: 'Stranger' };

/**
 * Records, from now on, whether an element matching `selector` ever appears, however briefly: the progress of a
 * small upload can come and go between two of Playwright's polls.
 */
async function watchFor(page: Page, selector: string): Promise<() => Promise<boolean>> {
  const key = `seen:${selector}`;
  await page.evaluate(
    ({ selector, key }) => {
      // This runs in the page; the e2e project is typed for Node, hence the narrow view of the page's globals.
      const page = globalThis as unknown as PageGlobals;
      const record = () => {
        if (page.document.querySelector(selector)) page[key] = true;
      };
      record();
      new page.MutationObserver(record).observe(page.document.body, { childList: true, subtree: true });
    },
    { selector, key },
  );
  return () => page.evaluate((key) => (globalThis as unknown as PageGlobals)[key] === true, key);
}

/** What watchFor uses of the page's globals. */
interface PageGlobals {
  [flag: string]: unknown;
  document: { querySelector(selector: string): unknown; body: unknown };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
  };
}

/** The realtime toasts' container. */
const liveToasts = (page: Page) => page.getByRole('region', { name: 'Live updates' });

test('a collaborator sees an upload live, with its progress and a toast; a stranger sees nothing', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  const readerPage = await newPage(browser);
  await signUp(readerPage, reader);
  const strangerPage = await newPage(browser);
  await signUp(strangerPage, stranger);
  const ownerPage = await newPage(browser);
  await signUp(ownerPage, owner);

  const modelUrl = await createOrganizationAndModel(ownerPage, 'Live Structures', 'Live tower');
  await uploadVersion(ownerPage, firstFile, 1);
  await shareModel(ownerPage, reader, 'READ');

  // The colleague has the model's history open; the stranger their models list. Both sockets are online.
  const readerFrames = socketFrames(readerPage);
  const strangerFrames = socketFrames(strangerPage);
  await readerPage.goto(`${modelUrl}/history`);
  await expect(versionHeadings(readerPage)).toHaveText(['Version 1']);
  await expect(readerPage.getByRole('region', { name: 'Upload new version' })).toHaveCount(0);
  const readerSawProgress = await watchFor(readerPage, 'progress[aria-label^="Processing"]');

  await strangerPage.goto('/models');
  await expect(strangerPage.getByRole('heading', { name: 'Models', level: 1 })).toBeVisible();
  const strangerSawToast = await watchFor(strangerPage, '.Toastify__toast');
  await expect.poll(() => loggedIn(readerFrames)).toBe(true);
  await expect.poll(() => loggedIn(strangerFrames)).toBe(true);

  // The owner uploads version 2.
  await ownerPage.goto(`${modelUrl}/history`);
  await uploadVersion(ownerPage, secondFile, 2);

  // The colleague's history follows by itself: a progress bar while it was processed, then the version and a toast.
  await expect(versionHeadings(readerPage)).toHaveText(['Version 2', 'Version 1'], { timeout: 30_000 });
  // The toast names the model and what changed (issue #23); the words depend on the two files.
  await expect(
    liveToasts(readerPage).getByText(/^Olga Owner added version 2 of Live tower(: .+)?\.$/),
  ).toBeVisible();
  expect(await readerSawProgress()).toBe(true);
  expect(readerFrames.some((frame) => frame.includes('"fromElementService"'))).toBe(true);
  await expect(readerPage.getByRole('progressbar', { name: /^Processing/ })).toHaveCount(0);

  // The stranger: no toast, nothing in their list, even after the colleague has seen everything.
  await strangerPage.waitForTimeout(1000);
  expect(await strangerSawToast()).toBe(false);
  expect(strangerFrames.filter((frame) => frame.includes('"from'))).toEqual([]);
  await expect(strangerPage.getByText('Live tower')).toHaveCount(0);
  await strangerPage.reload();
  await expect(strangerPage.getByRole('heading', { name: 'Models', level: 1 })).toBeVisible();
  await expect(strangerPage.getByText('Live tower')).toHaveCount(0);
});
