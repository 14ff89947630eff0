import { accountMessages } from '@chaveiro/contract';

/** How much of a User-Agent is kept with a session: enough to tell browsers apart. */
export const USER_AGENT_MAX = 512;

/** Browser families, most specific first: Edge and Opera also say "Chrome", Chrome says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:iPhone|iPad).*AppleWebKit\//, 'Safari'],
];

/** Systems, most specific first: Android also says "Linux", iOS also says "Mac OS X". */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/**
 * "Chrome no Windows", "Safari no iPhone": the browser and system a User-Agent names, for the
 * session list and the new-device alert. A small own reading of the common browsers, not a full
 * parser: anything else is "Navegador desconhecido no sistema desconhecido".
 */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, USER_AGENT_MAX);
  return accountMessages.deviceLabel(
    firstMatch(agent, BROWSERS) ?? accountMessages.unknownBrowser,
    firstMatch(agent, SYSTEMS) ?? accountMessages.unknownSystem,
  );
}
