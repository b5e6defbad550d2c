/**
 * What the secret generator's panel sets (a GeneratorChoice) and what it makes of it: a pure core, with the
 * randomness and the word list passed in. The pick itself is passphrase.ts's (rejection sampling on
 * crypto.getRandomValues), shared with the passphrase field's generator.
 */
import { z } from '@/lib/zod';
import { characterAlphabet, generateWords, randomIndex, type RandomBytes } from './passphrase';

export const LENGTH = { min: 8, max: 128 } as const;
/** The EFF large list's size (words.ts): 6^5, one word for each throw of five dice. */
export const EFF_LIST_SIZE = 7776;
export const WORD_COUNT = { min: 3, max: 12 } as const;
/** Separators with no letter or digit, so no two picks can read the same and the bits hold. */
export const SEPARATORS = ['-', ' ', '.', '_'] as const;

const characters = z.object({
  length: z.int().check(z.gte(LENGTH.min), z.lte(LENGTH.max)),
  upper: z.boolean(),
  lower: z.boolean(),
  digits: z.boolean(),
  symbols: z.boolean(),
  avoidAmbiguous: z.boolean(),
});
const words = z.object({
  count: z.int().check(z.gte(WORD_COUNT.min), z.lte(WORD_COUNT.max)),
  separator: z.enum(SEPARATORS),
  capitalize: z.boolean(),
  number: z.boolean(),
});

/** The panel's choices; saved as the generator's defaults (never a generated value). */
export const generatorChoiceSchema = z.object({
  mode: z.enum(['characters', 'words']),
  characters,
  words,
});
export type GeneratorChoice = z.infer<typeof generatorChoiceSchema>;
export type CharacterChoice = GeneratorChoice['characters'];
export type WordChoice = GeneratorChoice['words'];

export const DEFAULT_CHOICE: GeneratorChoice = {
  mode: 'characters',
  characters: { length: 20, upper: true, lower: true, digits: true, symbols: true, avoidAmbiguous: true },
  words: { count: 5, separator: '-', capitalize: false, number: true },
};

/** `choice` if it is a valid choice (a saved value from an older version may not be), else the defaults. */
export function validChoice(choice: unknown): GeneratorChoice {
  const parsed = generatorChoiceSchema.safeParse(choice);
  if (!parsed.success || characterAlphabet(parsed.data.characters) === '') return DEFAULT_CHOICE;
  return parsed.data;
}

/**
 * The strength in bits: log2 of how many values the choice can make, each equally likely. Counted from the
 * parameters, not from a value, so it is the same before and after a pick.
 */
export function strengthBits(choice: GeneratorChoice, listSize = EFF_LIST_SIZE): number {
  if (choice.mode === 'characters')
    return choice.characters.length * Math.log2(characterAlphabet(choice.characters).length);
  const { count, number } = choice.words;
  // The number is one digit on one of the words: ten digits times `count` places.
  return count * Math.log2(listSize) + (number ? Math.log2(10) + Math.log2(count) : 0);
}

/** The strength in words, as the panel says it beside the bits. */
export type Strength = 'weak' | 'fair' | 'strong' | 'veryStrong';

/**
 * The word for `bits` of strength. The bounds follow what an attacker with a stolen hash can try: under 40
 * bits falls to one GPU in hours even behind a slow hash (weak); 40–59 holds against online guessing but not
 * a determined offline attack (fair); 60–79 costs an offline attack years of a GPU farm (strong); from 80,
 * long the floor for cryptographic keys, it is out of reach (very strong). The defaults sit high: 20
 * characters make 122 bits (very strong), 5 words with a number 70 (strong).
 */
export function strengthOf(bits: number): Strength {
  if (bits < 40) return 'weak';
  if (bits < 60) return 'fair';
  if (bits < 80) return 'strong';
  return 'veryStrong';
}

/** Random characters of the chosen classes; at least one class must be on (the panel keeps one). */
function pickCharacters(random: RandomBytes, choice: CharacterChoice): string {
  const alphabet = characterAlphabet(choice);
  // i18n-ignore: a programming error, never shown (the panel keeps one class on)
  if (alphabet === '') throw new RangeError('Choose at least one kind of character');
  let value = '';
  for (let i = 0; i < choice.length; i++) value += alphabet[randomIndex(random, alphabet.length)];
  return value;
}

/**
 * A new secret as `choice` says. `list` is the word list (words.ts), needed in words mode only.
 */
export function generateSecret(
  random: RandomBytes,
  choice: GeneratorChoice,
  list: readonly string[] = [],
): string {
  if (choice.mode === 'characters') return pickCharacters(random, choice.characters);
  const { count, separator, capitalize, number } = choice.words;
  return generateWords(random, list, { words: count, separator, digit: number, capitalize }).value;
}
