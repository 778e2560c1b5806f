import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRateLimits, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      outboxDir: path.resolve('data', 'outbox'),
      smtpUrl: undefined,
      mailFrom: 'Gusset <no-reply@gusset.local>',
      admins: [],
      sessionTtlHours: 720,
      logLevel: 'info',
      clientDir: path.resolve('dist/client'),
      trustProxy: false,
    });
    expect(config.rateLimits).toEqual(defaultRateLimits);
    expect(defaultRateLimits.loginPerIp).toEqual({ points: 30, durationSeconds: 900 });
    expect(defaultRateLimits.loginFailuresPerAccountAndIp).toEqual({ points: 10, durationSeconds: 900 });
    expect(defaultRateLimits.loginFailuresPerAccount).toEqual({ points: 20, durationSeconds: 3600 });
    expect(config.rateLimitKeyPrefix).toBe('gusset');
    expect(defaultRateLimits.forgotPerEmail).toEqual({ points: 4, durationSeconds: 600 });
  });

  it('takes the per-address sign-up budget from SIGNUP_LIMIT_PER_IP and refuses nonsense', () => {
    expect(loadConfig({ SIGNUP_LIMIT_PER_IP: '50' }).rateLimits.signupPerIp).toEqual({
      points: 50,
      durationSeconds: 600,
    });
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_IP: 'many' })).toThrow(/SIGNUP_LIMIT_PER_IP/);
    expect(() => loadConfig({ SIGNUP_LIMIT_PER_IP: '0' })).toThrow(/SIGNUP_LIMIT_PER_IP/);
  });

  it('reads TRUST_PROXY as false, a hop count or a list of proxy addresses, and `true` as one hop', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // `true` used to believe the whole header (the left-most, client-chosen address); now it is one proxy.
    expect(trust('true')).toBe(1);
    expect(trust('TRUE')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8,loopback, 172.16.0.0/255.240.0.0')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
      'loopback',
      '172.16.0.0/255.240.0.0',
    ]);
    for (const bad of [
      'yes',
      '65',
      '-1',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.1/8/2',
      '10.0.0.1,nope',
      '300.1.1.1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes the Redis key prefix of the rate limits from RATE_LIMIT_KEY_PREFIX', () => {
    expect(loadConfig({ RATE_LIMIT_KEY_PREFIX: 'gusset-staging' }).rateLimitKeyPrefix).toBe('gusset-staging');
    expect(() => loadConfig({ RATE_LIMIT_KEY_PREFIX: 'has space' })).toThrow(/RATE_LIMIT_KEY_PREFIX/);
  });

  it('derives links from PORT unless PUBLIC_URL is set, without a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://gusset.example.com/' }).publicUrl).toBe(
      'https://gusset.example.com',
    );
  });

  it('puts the outbox under DATA_DIR unless OUTBOX_DIR is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/gusset' }).outboxDir).toBe('/srv/gusset/outbox');
    expect(loadConfig({ DATA_DIR: '/srv/gusset', OUTBOX_DIR: '/tmp/mail' }).outboxDir).toBe('/tmp/mail');
    expect(loadConfig({ DATA_DIR: ':memory:' }).dataDir).toBe(':memory:');
  });

  it('reads the internal admins as trimmed, lower-cased addresses', () => {
    expect(loadConfig({ GUSSET_ADMINS: ' Ann@Example.com,, bob@example.com ' }).admins).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('refuses invalid values and names each one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SESSION_TTL_HOURS: '-1', LOG_LEVEL: 'loud' })).toThrow(
      /SESSION_TTL_HOURS[\s\S]*LOG_LEVEL/,
    );
  });
});
