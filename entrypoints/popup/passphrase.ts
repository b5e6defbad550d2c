/** A passphrase for a fresh form when the saved defaults ask for one. */
export async function defaultPassphrase(wanted: boolean): Promise<string | undefined> {
  if (!wanted) return undefined;
  // The generator (and its word list) loads when a passphrase is wanted, not with every popup.
  const { defaultRandom, generatePassphrase } = await import('@/lib/generator/passphrase');
  return (await generatePassphrase(defaultRandom, 'words')).value;
}
