import { describe, expect, it } from 'vitest';
import {
  readVerifyLink,
  screenFromPathname,
  verifyIndexTarget,
  verifyLinkQuery,
  verifyScreenAddress,
} from './verifyParams';

describe('the /verify parameter rule (spec section 2)', () => {
  it('passes resetToken and email on to create-account when both are present', () => {
    const target = verifyIndexTarget('?resetToken=abcDEF123_-xyz&email=ada%2Bwork%40example.com');
    expect(target).toBe('/verify/create-account?resetToken=abcDEF123_-xyz&email=ada%2Bwork%40example.com');
    const [, query] = target.split('?');
    expect(readVerifyLink(`?${query}`)).toEqual({
      resetToken: 'abcDEF123_-xyz',
      emailAddress: 'ada+work@example.com',
    });
  });

  it.each([
    ['', 'no query'],
    ['?email=ada%40example.com', 'no resetToken'],
    ['?resetToken=abc', 'no email'],
    ['?resetToken=&email=ada%40example.com', 'an empty resetToken'],
    ['?resetToken=abc&email=', 'an empty email'],
    ['?resetToken=%20%20&email=ada%40example.com', 'a blank resetToken'],
  ])('sends %j (%s) to create-account without parameters', (search) => {
    expect(verifyIndexTarget(search)).toBe('/verify/create-account');
    expect(readVerifyLink(search)).toBeNull();
  });

  it('drops every other query parameter', () => {
    expect(verifyIndexTarget('?utm_source=mail&resetToken=t0k&email=a%40b.co&next=%2Fadmin')).toBe(
      '/verify/create-account?resetToken=t0k&email=a%40b.co',
    );
  });

  it('builds no query without a link', () => {
    expect(verifyLinkQuery(null)).toBe('');
  });

  it('names the sub-screen of a pathname, tolerating a trailing slash', () => {
    expect(screenFromPathname('/verify/create-account')).toBe('createAccount');
    expect(screenFromPathname('/verify/choose-plan/')).toBe('choosePlan');
    expect(screenFromPathname('/verify/download-plugins')).toBe('downloadPlugins');
    expect(screenFromPathname('/verify/survey')).toBe('survey');
    expect(screenFromPathname('/verify')).toBeNull();
    expect(screenFromPathname('/verify/elsewhere')).toBeNull();
  });
});

describe('verifyScreenAddress', () => {
  const link = { resetToken: 't0k', emailAddress: 'a@b.co' };
  it('keeps the link in the address until the account exists, then drops it', () => {
    expect(verifyScreenAddress('createAccount', link)).toBe(
      '/verify/create-account?resetToken=t0k&email=a%40b.co',
    );
    expect(verifyScreenAddress('choosePlan', link)).toBe('/verify/choose-plan?resetToken=t0k&email=a%40b.co');
    expect(verifyScreenAddress('downloadPlugins', link)).toBe('/verify/download-plugins');
    expect(verifyScreenAddress('survey', link)).toBe('/verify/survey');
    expect(verifyScreenAddress('choosePlan', null)).toBe('/verify/choose-plan');
  });
});
