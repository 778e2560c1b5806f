import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, outboxFiles } from './fixtures/outbox';
import { uniqueStamp } from './fixtures/journeys';

/**
 * The account journey of a new engineer, end to end against the real server and its outbox:
 * sign up → the mailed link → the verify screens → dashboard → logout → login → forgot → reset → login with the
 * new password → a revoked token gives 'Your session has expired' and lands on /.
 */

const email = `engineer.${uniqueStamp()}@example.com`;
const firstPassword = 'Steel2024frame';
const newPassword = 'Concrete2025slab';

async function logIn(page: Page, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate<string | null>("localStorage.getItem('token')")).toBeNull();
}

test('a new engineer signs up, verifies, logs in and out, resets the password, and an expired session ends', async ({
  page,
  request,
}) => {
  // Sign up from the landing page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  const beforeSignup = await outboxFiles();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();

  // Follow the verification link from the outbox.
  const verifyLink = await linkFromOutbox(
    email,
    /https?:\/\/[^\s"<>]+\/verify\?resetToken=[^\s"<>&]+&email=[^\s"<>]+/,
    beforeSignup,
  );
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/verify\/create-account\?resetToken=.+&email=.+/);

  // create-account → choose-plan → download-plugins → survey.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please fill out the form')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Engineer');
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill('Different1x');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(firstPassword);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/verify\/choose-plan/);
  await page.getByLabel('Free').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify\/download-plugins$/);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/verify\/survey$/);
  await page.getByLabel('Tracking changes').check();
  await page.getByLabel('ETABS').check();
  await page.getByRole('button', { name: 'Finish' }).click();

  // The dashboard, with the top navigation now that the user has a first name.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Models' })).toBeVisible();
  await expect(page.getByText('Ada', { exact: false }).first()).toBeVisible();

  // The sign-up screens are closed once sign-up is finished.
  await page.goto('/verify/survey');
  await expect(page).toHaveURL(/\/dashboard$/);

  await logOut(page);

  // A logged-in route without a token sends the visitor to /.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);

  // Log in.
  await page.goto('/login');
  await logIn(page, firstPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  // Forgot → the reset link from the outbox → a new password.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  const beforeForgot = await outboxFiles();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('We just sent you an email to reset your password')).toBeVisible();

  const resetLink = await linkFromOutbox(email, /https?:\/\/[^\s"<>]+\/reset\/[A-Za-z0-9_-]+/, beforeForgot);
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The used reset link is refused.
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('Another2026pass');
  await page.getByLabel('Confirm new password').fill('Another2026pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByText('Token is invalid or has expired. Request to reset your password again'),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await logIn(page, firstPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The server revokes the session (as logout from another tab would): the next call answers 403.
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  expect(token).toBeTruthy();
  const revoked = await request.post('/auth/logout', { headers: { Authorization: token ?? '' } });
  expect(revoked.status()).toBe(204);

  await page.reload();
  await expect(page.getByText('Your session has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  expect(await page.evaluate<string | null>("localStorage.getItem('token')")).toBeNull();
});
