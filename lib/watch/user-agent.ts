/**
 * A user agent as people name it: "Firefox on Linux", "Chrome on Android", "Safari on iOS" (issue 19). A small
 * table instead of a parser library: the audit log only needs the browser's and the system's family, and
 * the order of the tests is what matters (Edge and Opera also say "Chrome", Chrome also says "Safari").
 * A user agent no rule knows is shown as it is when short, else as its first product token.
 */
import { t } from '@/lib/i18n';

/** [pattern, name], first match wins. Names are products' own names, the same in every language. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'], // i18n-ignore: a product's name
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'], // i18n-ignore: a product's name
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(CriOS)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Headless)?Chrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bWget\//, 'Wget'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\b(Linux|X11|Ubuntu|Fedora)\b/, 'Linux'],
];

const first = (table: ReadonlyArray<readonly [RegExp, string]>, ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/** The browser and system families of `ua`, each undefined when no rule knows it. */
export function userAgentParts(ua: string): { browser?: string; system?: string } {
  const parts: { browser?: string; system?: string } = {};
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser) parts.browser = browser;
  if (system) parts.system = system;
  return parts;
}

/** Beyond this length an unknown user agent is cut to its first product token. */
const SHORT_UA = 40;

/**
 * "Firefox on Linux", "Firefox", "Linux"; an unknown user agent as it is when short ("Recipient/1.0"), else
 * its first product token.
 */
export function userAgentName(ua: string): string {
  const { browser, system } = userAgentParts(ua);
  if (browser && system) return t('watch_userAgentOn', browser, system);
  if (browser ?? system) return (browser ?? system)!;
  const raw = ua.trim();
  return raw.length <= SHORT_UA ? raw : (raw.split(/[\s/;(]/)[0] ?? raw);
}
