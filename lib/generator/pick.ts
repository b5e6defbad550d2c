/**
 * The generator's pure core (no word list, no zod). Randomness comes in as `random(bytes)` (crypto.getRandomValues in the extension, a
 * scripted source in tests); every pick is unbiased by rejection sampling, so the reported entropy holds.
 */
export type RandomBytes = (bytes: number) => Uint8Array;

export type PassphraseStyle = 'characters' | 'words';

export interface Generated {
  value: string;
  /** log2 of the number of equally likely outcomes. */
  entropyBits: number;
}

export interface CharacterOptions {
  length: number;
  lower?: boolean;
  upper?: boolean;
  digits?: boolean;
  symbols?: boolean;
  /** Leaves out characters people confuse when they read a passphrase aloud or copy it by hand. */
  avoidAmbiguous?: boolean;
}

export interface WordOptions {
  words: number;
  /** Default `-`. It should contain no letters or digits, or outcomes could collide and the entropy shrink. */
  separator?: string;
  /** Appends one digit to one of the words. */
  digit?: boolean;
  /** Starts every word with a capital: easier to read, no extra strength (every word gets one). */
  capitalize?: boolean;
}

export const CHARACTER_DEFAULTS: CharacterOptions = {
  length: 16,
  lower: true,
  upper: true,
  digits: true,
  symbols: false,
  avoidAmbiguous: true,
};
export const WORD_DEFAULTS: Required<WordOptions> = {
  words: 5,
  separator: '-',
  digit: true,
  capitalize: false,
};

const CLASSES = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  // No quotes, backslash or space: they break shells, CSV cells and query strings people paste into.
  symbols: '!#$%&*+-=?@^_~',
} as const;
const AMBIGUOUS = /[0O1lI]/g;

export const defaultRandom: RandomBytes = (bytes) => crypto.getRandomValues(new Uint8Array(bytes));

/**
 * A uniform integer in [0, n): reads the fewest bytes that cover n and rejects values from the incomplete
 * top block, so no outcome is more likely than another.
 */
export function randomIndex(random: RandomBytes, n: number): number {
  // i18n-ignore: a programming error, never shown (the form offers only valid options)
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Cannot pick from ${n} items`);
  let bytes = 1;
  while (256 ** bytes < n) bytes++;
  const range = 256 ** bytes;
  const limit = range - (range % n);
  for (;;) {
    const drawn = random(bytes);
    let value = 0;
    for (let i = 0; i < bytes; i++) value = value * 256 + drawn[i]!;
    if (value < limit) return value % n;
  }
}

/** The alphabet the character options allow. */
export function characterAlphabet(options: CharacterOptions): string {
  let alphabet = (['lower', 'upper', 'digits', 'symbols'] as const)
    .filter((name) => options[name])
    .map((name) => CLASSES[name])
    .join('');
  if (options.avoidAmbiguous) alphabet = alphabet.replace(AMBIGUOUS, '');
  return alphabet;
}

/** Random characters from the chosen classes. */
export function generateCharacters(
  random: RandomBytes,
  options: CharacterOptions = CHARACTER_DEFAULTS,
): Generated {
  const alphabet = characterAlphabet(options);
  // i18n-ignore: a programming error, never shown (the form offers only valid options)
  if (alphabet === '') throw new RangeError('Choose at least one kind of character');
  if (!Number.isInteger(options.length) || options.length < 1)
    // i18n-ignore: a programming error, never shown (the form offers only valid options)
    throw new RangeError('Length must be 1 or more');
  let value = '';
  for (let i = 0; i < options.length; i++) value += alphabet[randomIndex(random, alphabet.length)];
  return { value, entropyBits: options.length * Math.log2(alphabet.length) };
}

/** A readable passphrase of common words from `list`, e.g. `maple-orbit-candle7-tiger-lamp`. */
export function generateWords(
  random: RandomBytes,
  list: readonly string[],
  options: WordOptions = WORD_DEFAULTS,
): Generated {
  // i18n-ignore: a programming error, never shown (the form offers only valid options)
  if (new Set(list).size !== list.length || list.length < 2) throw new RangeError('Need distinct words');
  const count = options.words;
  // i18n-ignore: a programming error, never shown (the form offers only valid options)
  if (!Number.isInteger(count) || count < 1) throw new RangeError('Use 1 or more words');
  const capitalize = options.capitalize ?? WORD_DEFAULTS.capitalize;
  const picked = Array.from({ length: count }, () => {
    const word = list[randomIndex(random, list.length)]!;
    return capitalize ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
  let entropyBits = count * Math.log2(list.length);
  if (options.digit ?? WORD_DEFAULTS.digit) {
    const at = randomIndex(random, count);
    picked[at] += String(randomIndex(random, 10));
    entropyBits += Math.log2(10) + Math.log2(count);
  }
  return { value: picked.join(options.separator ?? WORD_DEFAULTS.separator), entropyBits };
}
