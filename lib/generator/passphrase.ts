/**
 * Passphrase generator: the pure core (pick.ts), and the EFF word list loaded on demand, as its own chunk.
 * Randomness comes in as `random(bytes)` (crypto.getRandomValues in the extension, a scripted source in
 * tests); every pick is unbiased by rejection sampling, so the reported entropy holds.
 */
import {
  generateCharacters,
  generateWords,
  type Generated,
  type PassphraseStyle,
  type RandomBytes,
} from './pick';

export * from './pick';

/** Loads the EFF word list on demand (its own chunk, which the popup does not load when it opens). */
export async function loadWords(): Promise<readonly string[]> {
  return (await import('./words')).WORDS;
}

/** Either style with its defaults: what the form's "Generate" button produces. */
export async function generatePassphrase(random: RandomBytes, style: PassphraseStyle): Promise<Generated> {
  return style === 'words' ? generateWords(random, await loadWords()) : generateCharacters(random);
}
