/**
 * Where the policy journey puts an organization's policy, and how it removes it. Chromium reads
 * /etc/chromium/policies/managed/*.json at start, keyed by the extension's id (an unpacked one's comes from
 * its absolute path: computed here). Firefox gets a policies.json of its own through a test-only pref
 * (browsers/firefox.ts), never the machine's distribution folder, which every Firefox there would read.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_POLICY_DIR = '/etc/chromium/policies/managed';

/** An unpacked extension's id: sha256 of its absolute path, the first 32 hex digits mapped 0-f to a-p. */
export function unpackedExtensionId(extensionPath: string): string {
  const hex = createHash('sha256').update(path.resolve(extensionPath)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/** Whether `attempt` runs without throwing: no sudo, a sudo that wants a password, a directory not ours. */
function works(attempt: () => void): boolean {
  try {
    attempt();
    return true;
  } catch {
    return false; // the caller then tries the next way, or says what to run instead
  }
}

/**
 * Writes `policy` for the extension `id` as Chromium's managed policy and returns what removes it. Needs
 * root, sudo without a password, or the directory made writable once; otherwise it throws with the command.
 */
export function writeChromiumPolicy(id: string, policy: object): () => void {
  const file = path.join(CHROMIUM_POLICY_DIR, `secret-push-journey-${id}.json`);
  const content = JSON.stringify({ '3rdparty': { extensions: { [id]: policy } } }, null, 2);
  if (process.getuid?.() === 0 || works(() => fs.accessSync(CHROMIUM_POLICY_DIR, fs.constants.W_OK))) {
    fs.mkdirSync(CHROMIUM_POLICY_DIR, { recursive: true });
    fs.writeFileSync(file, content);
    return () => fs.rmSync(file, { force: true });
  }
  if (works(() => execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' }))) {
    const staged = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-policy-')), 'policy.json');
    fs.writeFileSync(staged, content);
    execFileSync('sudo', ['-n', 'install', '-D', '-m', '0644', staged, file]);
    return () => execFileSync('sudo', ['-n', 'rm', '-f', file]);
  }
  const user = os.userInfo().username;
  throw new Error(
    `The policy journey must write Chromium's managed policy into ${CHROMIUM_POLICY_DIR}, which this user ` +
      `cannot write and sudo needs a password. Run the tests as root, or once: ` +
      `sudo install -d -o ${user} ${CHROMIUM_POLICY_DIR}`,
  );
}

/** Writes a policies.json for one Firefox (see ./browsers/firefox.ts policiesFile); returns it and its removal. */
export function writeFirefoxPolicies(geckoId: string, policy: object): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-firefox-policy-'));
  const file = path.join(dir, 'policies.json');
  fs.writeFileSync(file, JSON.stringify({ policies: { '3rdparty': { Extensions: { [geckoId]: policy } } } }));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
