import { defaultRandom, generatePassphrase } from '@/lib/push/passphrase';

/** A passphrase for a fresh form when the saved defaults ask for one. */
export async function defaultPassphrase(wanted: boolean): Promise<string | undefined> {
  return wanted ? (await generatePassphrase(defaultRandom, 'words')).value : undefined;
}
