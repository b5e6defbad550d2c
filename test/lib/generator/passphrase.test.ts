import { describe, expect, it } from 'vitest';
import {
  characterAlphabet,
  generateCharacters,
  generatePassphrase,
  generateWords,
  loadWords,
  randomIndex,
  type RandomBytes,
} from '@/lib/generator/passphrase';
import { WORDS } from '@/lib/generator/words';

/** Hands out the given bytes in order and records how many were asked for. */
function scripted(bytes: number[]): RandomBytes & { used: number } {
  const source = Object.assign(
    (count: number) => {
      if (source.used + count > bytes.length) throw new Error('script ran out of bytes');
      const out = Uint8Array.from(bytes.slice(source.used, source.used + count));
      source.used += count;
      return out;
    },
    { used: 0 },
  );
  return source;
}

/** A repeatable pseudo-random source for statistical checks. */
function seeded(seed: number): RandomBytes {
  let state = seed >>> 0;
  return (count) =>
    Uint8Array.from({ length: count }, () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state >>> 24;
    });
}

describe('randomIndex', () => {
  it('maps an accepted byte onto the range', () => {
    expect(randomIndex(scripted([7]), 10)).toBe(7);
    expect(randomIndex(scripted([255]), 256)).toBe(255);
  });

  it('rejects bytes from the incomplete top block instead of folding them onto low values', () => {
    // 256 % 10 = 6, so 250..255 would favour 0..5; they are drawn again.
    const random = scripted([250, 255, 13]);
    expect(randomIndex(random, 10)).toBe(3);
    expect(random.used).toBe(3);
  });

  it('reads two bytes, big-endian, for ranges above 256', () => {
    const random = scripted([1, 2]);
    expect(randomIndex(random, 1000)).toBe(258);
    expect(random.used).toBe(2);
  });

  it('refuses an empty range', () => {
    expect(() => randomIndex(scripted([0]), 0)).toThrow(RangeError);
  });

  it('draws every value about equally often', () => {
    const random = seeded(42);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[randomIndex(random, 6)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('generateCharacters', () => {
  it('uses only the chosen classes', () => {
    const { value } = generateCharacters(seeded(1), { length: 200, digits: true });
    expect(value).toMatch(/^[0-9]{200}$/);
  });

  it('leaves out look-alike characters when asked', () => {
    expect(
      characterAlphabet({ length: 1, lower: true, upper: true, digits: true, avoidAmbiguous: true }),
    ).not.toMatch(/[0O1lI]/);
  });

  it('has the requested length', () => {
    expect(generateCharacters(seeded(2), { length: 24, lower: true, symbols: true }).value).toHaveLength(24);
  });

  it('reports length × log2(alphabet size) bits', () => {
    expect(generateCharacters(seeded(3), { length: 10, digits: true }).entropyBits).toBeCloseTo(
      10 * Math.log2(10),
    );
  });

  it('refuses options with no character class', () => {
    expect(() => generateCharacters(seeded(4), { length: 8 })).toThrow(RangeError);
  });

  it('picks characters by the random source', () => {
    expect(generateCharacters(scripted([0, 1, 9]), { length: 3, digits: true }).value).toBe('019');
  });
});

describe('generateWords', () => {
  const list = ['alpha', 'bravo', 'charlie', 'delta'];

  it('joins the picked words with the separator', () => {
    expect(generateWords(scripted([3, 0, 2]), list, { words: 3, separator: ' ', digit: false }).value).toBe(
      'delta alpha charlie',
    );
  });

  it('appends one digit to the chosen word', () => {
    // words 1, 2; digit goes on word index 1; digit 7
    expect(generateWords(scripted([1, 2, 1, 7]), list, { words: 2, separator: '-', digit: true }).value).toBe(
      'bravo-charlie7',
    );
  });

  it('reports log2(list size) bits a word', () => {
    expect(generateWords(seeded(5), list, { words: 4, digit: false }).entropyBits).toBeCloseTo(8);
  });

  it('adds the digit and its position to the entropy', () => {
    expect(generateWords(seeded(6), list, { words: 4, digit: true }).entropyBits).toBeCloseTo(
      8 + Math.log2(10) + 2,
    );
  });

  it('refuses a list with repeated words', () => {
    expect(() => generateWords(seeded(7), ['a', 'a'], { words: 2 })).toThrow(RangeError);
  });
});

describe('the word list (the EFF large list, shared with the secret generator)', () => {
  it('holds 7,776 distinct lowercase words of 3 to 9 letters (four with a hyphen, as "t-shirt")', () => {
    expect(WORDS).toHaveLength(7776);
    expect(new Set(WORDS).size).toBe(WORDS.length);
    for (const word of WORDS) expect(word).toMatch(/^[a-z][a-z-]{2,8}$/);
    expect(WORDS.filter((word) => word.includes('-'))).toEqual(['drop-down', 'felt-tip', 't-shirt', 'yo-yo']);
  });

  it('is what loadWords returns', async () => {
    expect(await loadWords()).toBe(WORDS);
  });
});

describe('generatePassphrase', () => {
  it('makes a word passphrase of five EFF words with a digit and over 65 bits', async () => {
    const { value, entropyBits } = await generatePassphrase(seeded(8), 'words');
    // Read back as five list words joined by '-' (a word may hold a hyphen itself, so no plain split).
    const five = new RegExp(`^(${WORDS.join('|')})(-(${WORDS.join('|')})){4}$`);
    expect(value.match(/\d/g)).toHaveLength(1);
    expect(value.replace(/\d/, '')).toMatch(five);
    expect(entropyBits).toBeGreaterThan(65);
  });

  it('makes a character passphrase of 16 characters', async () => {
    const { value, entropyBits } = await generatePassphrase(seeded(9), 'characters');
    expect(value).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(entropyBits).toBeGreaterThan(90);
  });
});
