import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHOICE,
  generateSecret,
  LENGTH,
  strengthBits,
  strengthOf,
  validChoice,
  type GeneratorChoice,
} from '@/lib/generator/choice';
import { defaultRandom, randomIndex, type RandomBytes } from '@/lib/generator/passphrase';
import { WORDS } from '@/lib/generator/words';

/** A repeatable pseudo-random source, for the checks that are not about the distribution. */
function seeded(seed: number): RandomBytes {
  let state = seed >>> 0;
  return (count) =>
    Uint8Array.from({ length: count }, () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state >>> 24;
    });
}

const characters = (patch: Partial<GeneratorChoice['characters']>): GeneratorChoice => ({
  ...DEFAULT_CHOICE,
  mode: 'characters',
  characters: { ...DEFAULT_CHOICE.characters, ...patch },
});
const words = (patch: Partial<GeneratorChoice['words']>): GeneratorChoice => ({
  ...DEFAULT_CHOICE,
  mode: 'words',
  words: { ...DEFAULT_CHOICE.words, ...patch },
});

/**
 * The chi-square value above which `df` degrees of freedom occur with probability about one in a million
 * (Wilson–Hilferty's approximation, z = 4.75): a fair source fails this bound once in a million runs.
 */
function chiSquareBound(df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + 4.75 * Math.sqrt(a)) ** 3;
}

function chiSquare(counts: number[], expected: number): number {
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('generateSecret in characters mode', () => {
  it.each([LENGTH.min, 20, LENGTH.max])('makes exactly %i characters', (length) => {
    expect(generateSecret(seeded(length), characters({ length }))).toHaveLength(length);
  });

  it.each([
    ['upper case', { upper: true, lower: false, digits: false, symbols: false }, /^[A-Z]+$/],
    ['lower case', { upper: false, lower: true, digits: false, symbols: false }, /^[a-z]+$/],
    ['digits', { upper: false, lower: false, digits: true, symbols: false }, /^[0-9]+$/],
    ['symbols', { upper: false, lower: false, digits: false, symbols: true }, /^[!#$%&*+\-=?@^_~]+$/],
  ])('uses only %s when only that class is on', (_name, classes, pattern) => {
    const value = generateSecret(seeded(7), characters({ ...classes, length: 128, avoidAmbiguous: false }));
    expect(value).toMatch(pattern);
  });

  it('uses every chosen class over a long value', () => {
    const value = generateSecret(seeded(8), characters({ length: 128, symbols: true }));
    for (const pattern of [/[A-Z]/, /[a-z]/, /[0-9]/, /[!#$%&*+\-=?@^_~]/]) expect(value).toMatch(pattern);
  });

  it('leaves out look-alikes (0 O 1 l I) when asked', () => {
    const value = generateSecret(seeded(9), characters({ length: 128, avoidAmbiguous: true }));
    expect(value).not.toMatch(/[0O1lI]/);
  });
});

describe('generateSecret in words mode', () => {
  it.each([3, 5, 12])('makes %i words from the list, joined by the separator', (count) => {
    const value = generateSecret(seeded(count), words({ count, separator: ' ', number: false }), WORDS);
    const picked = value.split(' ');
    expect(picked).toHaveLength(count);
    for (const word of picked) expect(WORDS).toContain(word);
  });

  it('starts every word with a capital when asked', () => {
    const value = generateSecret(
      seeded(4),
      words({ separator: '.', capitalize: true, number: false }),
      WORDS,
    );
    for (const word of value.split('.')) expect(word).toMatch(/^[A-Z]/);
  });

  it('adds exactly one digit when asked', () => {
    const value = generateSecret(seeded(5), words({ separator: '_', number: true }), WORDS);
    expect(value.match(/\d/g)).toHaveLength(1);
  });
});

describe('strengthBits', () => {
  it('counts length × log2 of the alphabet in characters mode', () => {
    // 26 + 26 + 10 + 14 symbols, less 0 O 1 l I: 71 characters.
    expect(strengthBits(characters({ length: 20, symbols: true, avoidAmbiguous: true }), 0)).toBeCloseTo(
      20 * Math.log2(71),
    );
    const digits = characters({ length: 10, upper: false, lower: false, symbols: false });
    expect(strengthBits({ ...digits, characters: { ...digits.characters, avoidAmbiguous: false } }, 0)).toBe(
      10 * Math.log2(10),
    );
    // Without 0 and 1, eight digits are left.
    expect(strengthBits(digits, 0)).toBe(30);
  });

  it('counts log2(7776) ≈ 12.9 bits a word, and the digit with its place', () => {
    expect(strengthBits(words({ count: 5, number: false }), WORDS.length)).toBeCloseTo(64.62, 2);
    expect(strengthBits(words({ count: 4, number: true }), WORDS.length)).toBeCloseTo(
      4 * Math.log2(7776) + Math.log2(10) + 2,
    );
  });

  it('gives no bits for capitals, which every word gets', () => {
    expect(strengthBits(words({ capitalize: true }), 7776)).toBe(strengthBits(words({}), 7776));
  });
});

describe('validChoice', () => {
  it('keeps a valid choice', () => {
    const choice = words({ count: 7, separator: ' ' });
    expect(validChoice(choice)).toEqual(choice);
  });

  it.each([
    ['a length over 128', characters({ length: 129 })],
    ['no character class', characters({ upper: false, lower: false, digits: false, symbols: false })],
    ['a letter as separator', { ...DEFAULT_CHOICE, words: { ...DEFAULT_CHOICE.words, separator: 'x' } }],
    ['nothing saved', undefined],
  ])('turns %s into the defaults', (_name, choice) => {
    expect(validChoice(choice)).toEqual(DEFAULT_CHOICE);
  });
});

describe('the EFF word list', () => {
  it('holds the 7,776 distinct words of the large list, from abacus to zoom', () => {
    expect(WORDS).toHaveLength(7776);
    expect(new Set(WORDS).size).toBe(7776);
    expect([WORDS[0], WORDS[7775]]).toEqual(['abacus', 'zoom']);
  });
});

describe('the distribution, from crypto.getRandomValues', () => {
  // A modulo pick would favour the low characters (256 % 71 = 43 of them, at 4 chances in 256 against 3):
  // a 33 % excess this test finds at once. Rejection sampling draws again instead.
  it('gives every character of the alphabet the same chance', () => {
    const choice = characters({ length: 128, symbols: true, avoidAmbiguous: true });
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++)
      for (const c of generateSecret(defaultRandom, choice)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(71);
    const total = 128_000;
    expect(chiSquare([...counts.values()], total / 71)).toBeLessThan(chiSquareBound(70));
  });

  it('gives every word of the list the same chance (36 blocks of 216 words)', () => {
    // 65536 % 7776 = 3328: a modulo pick would give the first 3,328 words 9 chances against 8.
    const counts = new Array<number>(36).fill(0);
    for (let i = 0; i < 72_000; i++) counts[Math.floor(randomIndex(defaultRandom, WORDS.length) / 216)]!++;
    expect(chiSquare(counts, 2000)).toBeLessThan(chiSquareBound(35));
  });
});

describe('strengthOf', () => {
  it.each([
    [0, 'weak'],
    [39.9, 'weak'],
    [40, 'fair'],
    [59.9, 'fair'],
    [60, 'strong'],
    [79.9, 'strong'],
    [80, 'veryStrong'],
    [122, 'veryStrong'],
  ] as const)('calls %d bits %s', (bits, word) => {
    expect(strengthOf(bits)).toBe(word);
  });
});
