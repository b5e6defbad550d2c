import { describe, expect, it } from 'vitest';
import { charClass, charRuns, MAX_CLASSED_CHARS, spelledOut } from '@/lib/format/char-runs';

describe('charClass', () => {
  it.each([
    ['a', 'letter'],
    ['Z', 'letter'],
    ['ß', 'letter'],
    ['ع', 'letter'],
    ['7', 'digit'],
    ['٧', 'digit'],
    ['!', 'symbol'],
    ['-', 'symbol'],
    ['€', 'symbol'],
    [' ', 'space'],
  ])('puts "%s" among the %s', (char, cls) => {
    expect(charClass(char)).toBe(cls);
  });
});

describe('charRuns', () => {
  it('groups neighbours of one class, and gives back the text exactly', () => {
    const runs = charRuns('Ab12$%x y');
    expect(runs).toEqual([
      { cls: 'letter', text: 'Ab' },
      { cls: 'digit', text: '12' },
      { cls: 'symbol', text: '$%' },
      { cls: 'letter', text: 'x' },
      { cls: 'space', text: ' ' },
      { cls: 'letter', text: 'y' },
    ]);
    expect(runs.map((run) => run.text).join('')).toBe('Ab12$%x y');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(charRuns('a😀')).toEqual([
      { cls: 'letter', text: 'a' },
      { cls: 'symbol', text: '😀' },
    ]);
  });

  it('leaves a text too long to be a password unclassed', () => {
    expect(charRuns('x'.repeat(MAX_CLASSED_CHARS + 1))).toEqual([]);
  });
});

describe('spelledOut', () => {
  it('lists each character with its class, and what it is in words (a letter with its case)', () => {
    expect(spelledOut('l1I| ')).toEqual([
      { char: 'l', cls: 'letter', kind: 'small' },
      { char: '1', cls: 'digit', kind: 'digit' },
      { char: 'I', cls: 'letter', kind: 'capital' },
      { char: '|', cls: 'symbol', kind: 'symbol' },
      { char: ' ', cls: 'space', kind: 'space' },
    ]);
  });

  it('calls a letter with no case a letter', () => {
    expect(spelledOut('كa').map(({ kind }) => kind)).toEqual(['letter', 'small']);
  });

  it('spells out nothing longer than 128 characters or on several lines', () => {
    expect(spelledOut('x'.repeat(129))).toEqual([]);
    expect(spelledOut('user: bob\npass: 7f3a')).toEqual([]);
  });
});
