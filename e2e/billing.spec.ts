import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2kFixtures, newPage, signUp, type Person, uniqueStamp } from './fixtures/journeys';

/**
 * Issue #10's acceptance journey against the real server, which runs without Stripe keys and so uses the local
 * test payment provider: an owner's fourth model is blocked; a declined test card is refused; the test card is
 * added in place; the fourth model shows its test price and is created once the charge is confirmed (cancelling
 * sends nothing); a clone (a fifth, paid model) goes through; a sixth model from a file asks to confirm the charge
 * the same way before the file is sent; removing the payment
 * method while paid models exist is refused with the spec's message. Stripe.js is never fetched.
 */

const stamp = uniqueStamp();
const owner: Person = { email: `billing.owner.${stamp}@example.com`, firstName: 'Bea', lastName: 'Billing' };

/** The local test provider's default price of a paid model (LOCAL_PRICE_MONTHLY 2500 usd). */
const testPrice = '$25.00 per month (Test mode)';
const testModeBanner = 'Test mode — no real charges (local payment provider)';
const freeModelsOnly =
  "You only get three free models. Please remove or demote your paid models. Then you'll be able to remove your payment method.";

/** Creates a model from the organization's models page; ends on the model's history. */
async function createModel(page: Page, organizationModelsUrl: string, name: string) {
  await page.goto(organizationModelsUrl);
  const newModel = page.getByRole('form', { name: 'New model' });
  await expect(page.getByRole('group', { name: 'Free models' })).toBeVisible();
  await newModel.getByLabel('Model name').fill(name);
  await newModel.getByRole('button', { name: 'Create model' }).click();
  await expect(page).toHaveURL(/\/model\/[^/]+\/history$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function fillTestCard(page: Page, number: string) {
  const cardForm = page.getByRole('form', { name: 'Add a card' });
  await cardForm.getByLabel('Card number').fill(number);
  await cardForm.getByLabel('Expiry month').fill('12');
  await cardForm.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
  await cardForm.getByLabel('CVC').fill('123');
  await cardForm.getByRole('button', { name: 'Save payment method' }).click();
}

test('the fourth model needs a payment method, and the last one cannot be removed while paid models exist', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (/stripe\.(com|network)/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
  });
  const modelPosts: string[] = [];
  const uploadPosts: string[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/api\/models\/?$/.test(pathname)) modelPosts.push(pathname);
    if (request.method() === 'POST' && pathname === '/api/v2/uploads') uploadPosts.push(pathname);
  });

  await signUp(page, owner);
  await page.goto('/profile/organizations');
  const newOrganization = page.getByRole('form', { name: 'New organization' });
  await newOrganization.getByLabel('Organization name').fill('Billing Structures');
  await newOrganization.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/[^/]+\/models$/);
  const organizationModelsUrl = page.url();
  const billingUrl = organizationModelsUrl.replace(/\/models$/, '/settings/billing');

  // Three free models.
  for (const name of ['First', 'Second', 'Third']) await createModel(page, organizationModelsUrl, name);

  // The fourth is blocked.
  await page.goto(organizationModelsUrl);
  const gating = page.getByRole('group', { name: 'Free models' });
  await expect(gating.getByText('3 of 3 free models used')).toBeVisible();
  await expect(
    gating.getByText(
      'Your organization has used its three free models. Add a payment method to create more.',
    ),
  ).toBeVisible();
  const newModel = page.getByRole('form', { name: 'New model' });
  await newModel.getByLabel('Model name').fill('Fourth');
  await expect(newModel.getByRole('button', { name: 'Create model' })).toBeDisabled();

  // A payment method with the local test provider, in place: the declined test card first.
  await gating.getByRole('button', { name: 'Add a payment method' }).click();
  await expect(gating.getByText(testModeBanner)).toBeVisible();
  await fillTestCard(page, '4000 0000 0000 0002');
  await expect(gating.getByRole('alert')).toHaveText('Your card was declined.');
  await fillTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment method added')).toBeVisible();
  await expect(gating.getByRole('status')).toContainText('New models are paid');

  // The fourth model shows its price and asks before it is charged; cancelling sends nothing.
  await expect(gating.getByText(`Each further model costs ${testPrice}.`)).toBeVisible();
  await expect(newModel.getByRole('button', { name: 'Create model' })).toBeEnabled();
  const postsBefore = modelPosts.length;
  await newModel.getByRole('button', { name: 'Create model' }).click();
  const confirmPaid = page.getByRole('alertdialog', { name: 'Confirm paid model' });
  await expect(confirmPaid).toContainText(`this model will be paid, ${testPrice}`);
  await confirmPaid.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmPaid).toBeHidden();
  expect(modelPosts).toHaveLength(postsBefore);

  // Confirmed, the fourth model is created.
  await newModel.getByRole('button', { name: 'Create model' }).click();
  await confirmPaid.getByRole('button', { name: 'Create paid model' }).click();
  await expect(page).toHaveURL(/\/model\/[^/]+\/history$/);
  await expect(page.getByRole('heading', { name: 'Fourth', level: 1 })).toBeVisible();

  // A clone counts too: with the card on file it goes through as a fifth model.
  await page
    .getByRole('navigation', { name: 'Model', exact: true })
    .getByRole('link', { name: 'Settings' })
    .click();
  const clone = page.getByRole('form', { name: 'Clone model' });
  await expect(clone.getByLabel('Into organization')).toHaveValue(/.+/);
  await clone.getByRole('button', { name: 'Clone model' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirm paid model' })
    .getByRole('button', { name: 'Create paid model' })
    .click();
  await expect(page.getByRole('heading', { name: 'Fourth (copy)', level: 1 })).toBeVisible();

  // "New model from a file" asks the same before its file is sent (a sixth, paid model); cancelling keeps the file.
  await page.goto(organizationModelsUrl);
  const fromFile = page.getByRole('region', { name: 'New model from a file' });
  await expect(
    fromFile.getByRole('group', { name: 'Billing for this upload' }).getByRole('status'),
  ).toContainText('New models are paid');
  await fromFile.getByLabel('Model file').setInputFiles(path.join(e2kFixtures, 'RDC_PERFORM__chimba.e2k'));
  await fromFile.getByLabel('Model name').fill('Sixth');
  await fromFile.getByRole('button', { name: 'Upload' }).click();
  const confirmUpload = fromFile.getByRole('alertdialog', { name: 'Confirm paid model' });
  await expect(confirmUpload).toContainText(`this model will be paid, ${testPrice}`);
  await expect(fromFile.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await confirmUpload.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmUpload).toBeHidden();
  await expect(fromFile.getByText(/RDC_PERFORM__chimba\.e2k/)).toBeVisible();
  expect(uploadPosts).toEqual([]);
  await fromFile.getByRole('button', { name: 'Upload' }).click();
  await confirmUpload.getByRole('button', { name: 'Create paid model' }).click();
  await expect(fromFile.getByText('Version 1 is ready.')).toBeVisible({ timeout: 30_000 });
  expect(uploadPosts).toHaveLength(1);

  // Removing the only payment method while paid models exist is refused with the spec's message.
  await page.goto(billingUrl);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText(testModeBanner)).toBeVisible();
  await expect(page.getByText(`Each further model costs ${testPrice}.`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Annual — $250.00 per year per paid model' })).toBeVisible();
  const methods = page.getByRole('list', { name: 'Payment methods' });
  await expect(methods.getByText('Visa •••• 4242')).toBeVisible();
  await methods.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove payment method' })
    .getByRole('button', { name: 'Remove payment method' })
    .click();
  await expect(page.getByRole('alert')).toHaveText(freeModelsOnly);
  await expect(methods.getByText('Visa •••• 4242')).toBeVisible();

  // Nothing of Stripe was loaded: the server has no Stripe keys.
  expect(stripeRequests).toEqual([]);
});
