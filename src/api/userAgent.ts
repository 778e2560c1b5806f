/**
 * The `_ANALYTICS` text of spec section 7: which browser, device and operating system made a call. A small
 * pure parser rather than a dependency: the server only logs this text, so a rough answer is enough, and an
 * unknown agent is reported as such instead of guessed.
 */
export interface UserAgentSummary {
  browser: string;
  device: 'Desktop' | 'Mobile' | 'Tablet';
  os: string;
}

const unknown = 'Unknown';

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browserPatterns: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

function browserOf(userAgent: string): string {
  for (const [name, pattern] of browserPatterns) {
    const version = pattern.exec(userAgent)?.[1];
    if (version !== undefined) return `${name} ${version}`;
  }
  return unknown;
}

const windowsVersions: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
};

function osOf(userAgent: string): string {
  const windows = /Windows NT (\d+\.\d+)/.exec(userAgent)?.[1];
  if (windows !== undefined) return `Windows ${windowsVersions[windows] ?? windows}`;
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/.exec(userAgent)?.[1];
  if (ios !== undefined) return `iOS ${ios}`;
  const android = /Android (\d+(?:\.\d+)?)/.exec(userAgent)?.[1];
  if (android !== undefined) return `Android ${android}`;
  const mac = /Mac OS X (\d+)[_.](\d+)/.exec(userAgent);
  if (mac) return `macOS ${mac[1]}.${mac[2]}`;
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return unknown;
}

function deviceOf(userAgent: string): UserAgentSummary['device'] {
  if (/iPad|Tablet/.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent))) {
    return 'Tablet';
  }
  if (/Mobi|iPhone|iPod/.test(userAgent)) return 'Mobile';
  return 'Desktop';
}

export function summarizeUserAgent(userAgent: string): UserAgentSummary {
  return { browser: browserOf(userAgent), device: deviceOf(userAgent), os: osOf(userAgent) };
}

/** e.g. "Chrome 126, Desktop, Windows 10". */
export function analyticsText(userAgent: string): string {
  const { browser, device, os } = summarizeUserAgent(userAgent);
  return `${browser}, ${device}, ${os}`;
}
