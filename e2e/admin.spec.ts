import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newPage, signUp, type Person, uniqueStamp } from './fixtures/journeys';
import { outboxFiles } from './fixtures/outbox';

/**
 * Issue #11 end to end against the real server: an internal admin (GUSSET_ADMINS=admin@example.com in the
 * Playwright config) finds a user from a misspelled name and sets their testing group, which the user then sees
 * in their preferences; a user uploads an avatar that shows in the navigation; a bug report with a screenshot
 * reaches the internal admin's mailbox (the outbox).
 */

const stamp = uniqueStamp();
const admin: Person = { email: 'admin@example.com', firstName: 'Irene', lastName: 'Internal' };
const engineer: Person = {
  email: `johnathan.smithfield.${stamp}@example.com`,
  firstName: 'Johnathan',
  lastName: 'Smithfield',
};

/** A real image for the server's decoder and resizer: a 640×480 PNG of one colour. */
function aPng(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Undoes quoted-printable, which mail writers use for long lines. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a new mail to `recipient` whose text contains `needle`, and returns its text. */
async function mailFromOutbox(recipient: string, needle: string, seenBefore: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  let found = '';
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFiles()).filter(
          (name) => !seenBefore.includes(name) && name.includes(recipient),
        );
        for (const name of fresh) {
          const text = decodeQuotedPrintable(await readFile(path.join(dataDir, 'outbox', name), 'utf8'));
          if (text.includes(needle)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: `a new mail to ${recipient} containing ${needle}`, timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

function navigationAvatar(page: Page) {
  return page.getByRole('button', { name: 'Account menu' }).locator('img');
}

test.describe.configure({ mode: 'serial' });

let engineerPage: Page;

test.beforeAll(async ({ browser }) => {
  engineerPage = await newPage(browser);
  await signUp(engineerPage, engineer);
});

test.afterAll(async () => {
  await engineerPage.context().close();
});

test('an internal admin finds a user from a misspelled name and sets their testing group', async ({
  page,
}) => {
  await signUp(page, admin);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Testing groups' }).click();
  await expect(page).toHaveURL(/\/admin\/testingGroups$/);

  // Two typos in the first name, one in the last.
  await page.getByRole('searchbox', { name: 'Find a user' }).fill('Jonatan Smithfeld');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: /Johnathan Smithfield/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(engineer.email);

  const group = row.getByRole('textbox', { name: 'Testing group of Johnathan Smithfield' });
  await group.fill('beta');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Testing group updated.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The same search after a reload shows the saved group: it is on the server, not only in the page.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Find a user' }).fill('smithfield');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('textbox', { name: 'Testing group of Johnathan Smithfield' })).toHaveValue(
    'beta',
  );

  // The Stats page counts the admin's searches (requests are recorded in batches, about once a second).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\/usageAnalytics$/);
  const routes = page.getByRole('table', { name: 'Routes' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(routes.getByText('/api/users/fuzzySearch/', { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Requests per day')).toBeVisible();

  // The engineer sees it in their preferences, read-only.
  await engineerPage.goto('/profile/preferences');
  await expect(engineerPage.getByRole('textbox', { name: 'Testing group' })).toHaveValue('beta');

  // The engineer is no admin: /admin sends them to the dashboard with 'Unauthorized access' (issue #23).
  await engineerPage.goto('/admin/profile');
  await expect(engineerPage).toHaveURL(/\/dashboard$/);
  await expect(engineerPage.getByText('Unauthorized access').first()).toBeVisible();
});

test('a user uploads an avatar that then shows in the navigation', async () => {
  const page = engineerPage;
  await page.goto('/profile/image');
  await expect(navigationAvatar(page)).toHaveCount(0);

  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await aPng('#1f5fae'),
  });
  await expect(page.getByText('Your profile picture has been updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();

  const avatar = navigationAvatar(page);
  await expect(avatar).toHaveAttribute('src', /^\/api\/images\/blobs\/[0-9a-f]{64}$/);
  // The picture really loads (served without a session, resized to 256 px square).
  await expect
    .poll(() => avatar.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(256);

  // It is kept with the account: after a reload the navigation still shows it.
  await page.reload();
  await expect(navigationAvatar(page)).toHaveAttribute('src', /^\/api\/images\/blobs\/[0-9a-f]{64}$/);

  // A file that is not an image is refused with the server's words.
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture'),
  });
  await expect(page.getByRole('alert')).toHaveText('That file is not a PNG, JPEG or WebP image.');
});

test('a bug report with a screenshot reaches the internal admins’ mailbox', async () => {
  const page = engineerPage;
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/bugReport$/);
  // Help passes on the page the user was on.
  await expect(page.getByLabel('Page (optional)')).toHaveValue('/dashboard');

  const subject = `Export stops at 90 percent ${stamp}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('What happened?').fill('The s2k export of version 3 never finishes.');
  await page.getByLabel('Screenshot (optional)').setInputFiles({
    name: 'export.png',
    mimeType: 'image/png',
    buffer: await aPng('#b42318'),
  });
  await expect(page.getByText('Attached: export.png')).toBeVisible();
  const before = await outboxFiles();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you. Your message has been sent to the Gusset team.')).toBeVisible();

  const mail = await mailFromOutbox(admin.email, subject, before);
  expect(mail).toContain(`Bug report from ${engineer.firstName} ${engineer.lastName} <${engineer.email}>`);
  expect(mail).toContain('The s2k export of version 3 never finishes.');
  expect(mail).toContain('Page: /dashboard');
  expect(mail).toContain('The screenshot is attached.');
  expect(mail).toMatch(/Content-Type: image\/png/i);
});
