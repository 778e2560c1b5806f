import { describe, expect, it } from 'vitest';
import { analyticsText, summarizeUserAgent } from './userAgent';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chromeAndroidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.1.0',
};

describe('summarizeUserAgent', () => {
  it.each([
    [agents.chromeWindows, { browser: 'Chrome 126', device: 'Desktop', os: 'Windows 10' }],
    [agents.edgeWindows, { browser: 'Edge 125', device: 'Desktop', os: 'Windows 10' }],
    [agents.safariMac, { browser: 'Safari 17', device: 'Desktop', os: 'macOS 10.15' }],
    [agents.firefoxLinux, { browser: 'Firefox 127', device: 'Desktop', os: 'Linux' }],
    [agents.safariIphone, { browser: 'Safari 17', device: 'Mobile', os: 'iOS 17' }],
    [agents.chromeAndroidPhone, { browser: 'Chrome 126', device: 'Mobile', os: 'Android 14' }],
    [agents.chromeAndroidTablet, { browser: 'Chrome 126', device: 'Tablet', os: 'Android 13' }],
    [agents.ipad, { browser: 'Chrome 126', device: 'Tablet', os: 'iOS 16' }],
  ])('reads %s', (userAgent, expected) => {
    expect(summarizeUserAgent(userAgent)).toEqual(expected);
  });

  it('reports an agent it cannot read as unknown rather than guessing', () => {
    expect(summarizeUserAgent('')).toEqual({ browser: 'Unknown', device: 'Desktop', os: 'Unknown' });
    expect(summarizeUserAgent(agents.jsdom).browser).toBe('Unknown');
  });
});

describe('analyticsText', () => {
  it('joins browser, device and operating system', () => {
    expect(analyticsText(agents.chromeWindows)).toBe('Chrome 126, Desktop, Windows 10');
  });
});
