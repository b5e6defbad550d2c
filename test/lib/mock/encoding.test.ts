import { describe, expect, it } from 'vitest';
import { charLength, constantTimeEqual } from '@/lib/mock/encoding';

describe('constantTimeEqual', () => {
  it.each([
    ['equal strings', 'correct horse', 'correct horse', true],
    ['two empty strings', '', '', true],
    ['equal unicode', 'pässwörd 🔑 秘密', 'pässwörd 🔑 秘密', true],
    ['one character different', 'correct horse', 'correct horsf', false],
    ['different first character', 'xorrect horse', 'correct horse', false],
    ['a prefix (different lengths)', 'correct', 'correct horse', false],
    ['longer than the other', 'correct horse!', 'correct horse', false],
    ['empty against non-empty', '', 'a', false],
    ['composed vs decomposed é (different bytes)', '\u00e9', 'e\u0301', false],
    ['different emoji of the same length', '😀', '😁', false],
    ['a NUL byte against nothing', 'a\u0000', 'a', false],
  ])('%s → %s', (_label, a, b, expected) => {
    expect(constantTimeEqual(a, b)).toBe(expected);
    expect(constantTimeEqual(b, a)).toBe(expected);
  });
});

describe('charLength', () => {
  it('counts code points, as Ruby counts characters', () => {
    expect(charLength('😀'.repeat(1024))).toBe(1024);
    expect(charLength('abc')).toBe(3);
  });
});
