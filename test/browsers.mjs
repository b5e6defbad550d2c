// The browsers `npm test` drives, installed from Debian's packages when they are missing and this machine
// lets us (root, or sudo without a password); otherwise the one command to run. Never a download of a
// browser build of its own: only the distribution's packages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** How to run apt-get here: directly as root, through passwordless sudo, or not at all. */
function aptPrefix() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : null;
}

/**
 * Makes sure each `{ path, pkg }` exists, installing the missing packages in one apt-get call. Returns a
 * problem to report, or undefined when everything is there.
 */
export function ensurePackages(wanted) {
  const missing = wanted.filter(({ path }) => !fs.existsSync(path));
  if (missing.length === 0) return undefined;
  const pkgs = [...new Set(missing.map(({ pkg }) => pkg))];
  const command = `sudo apt-get install -y ${pkgs.join(' ')}`;
  const prefix = aptPrefix();
  if (prefix === null) return `Missing ${missing.map((m) => m.path).join(', ')}. Install them: ${command}`;
  console.log(`Installing Debian's ${pkgs.join(', ')} for the browser journeys`);
  const apt = (args) =>
    spawnSync(prefix[0] ?? 'apt-get', [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', ...pkgs]) !== 0)
    return `Installing ${pkgs.join(', ')} failed. Install them: ${command}`;
  const still = missing.filter(({ path }) => !fs.existsSync(path));
  return still.length ? `Still missing after the install: ${still.map((m) => m.path).join(', ')}` : undefined;
}

/** The UI languages the language journeys start the browsers in (test/journeys/languages.journey.ts). */
export const JOURNEY_LANGUAGES = ['de', 'ar'];

/**
 * Chromium and, for Debian's build, its language packs: without chromium-l10n it ships only en-US.pak and
 * chrome.i18n answers en-US whatever LANGUAGE says. Another build (CHROMIUM_PATH) brings its own.
 */
export function chromiumPackages(binary) {
  const debian = binary === '/usr/bin/chromium';
  const packs = JOURNEY_LANGUAGES.map((lang) => ({
    path: `/usr/lib/chromium/locales/${lang}.pak`,
    pkg: 'chromium-l10n',
  }));
  return [{ path: binary, pkg: 'chromium' }, ...(debian ? packs : [])];
}

/**
 * Firefox ESR and, for Debian's build, its language packs (firefox-esr-l10n-<lang>, one per language): the
 * journeys ask for a language with the intl.locale.requested pref, which Firefox honours only for a
 * language it has a pack for.
 */
export function firefoxPackages(binary) {
  const debian = binary === '/usr/bin/firefox-esr';
  const packs = JOURNEY_LANGUAGES.map((lang) => ({
    path: `/usr/lib/firefox-esr/browser/extensions/langpack-${lang}@firefox-esr.mozilla.org.xpi`,
    pkg: `firefox-esr-l10n-${lang}`,
  }));
  return [{ path: binary, pkg: 'firefox-esr' }, ...(debian ? packs : [])];
}

/**
 * What the keyboard journey (test/journeys/shortcuts.journey.ts) presses keys with: a virtual X display of
 * its own (Xvfb), xdotool to focus the browser's window and press, and xclip to read and write the X
 * clipboard (test/journeys/x-display.ts).
 */
export function keyboardPackages() {
  return [
    { path: '/usr/bin/Xvfb', pkg: 'xvfb' },
    { path: '/usr/bin/xdotool', pkg: 'xdotool' },
    { path: '/usr/bin/xclip', pkg: 'xclip' },
  ];
}
