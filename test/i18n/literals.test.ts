/**
 * No string meant for a person is written in components, entrypoints or lib: each comes from
 * public/_locales through lib/i18n. test/i18n/literals.ts says what counts; `i18n-ignore` on a line marks a
 * string of words that is not for people (a class list, a format, a developer's error).
 */
import { describe, expect, it } from 'vitest';
import { findLiterals, scan } from './literals';
import { PENDING } from './pending';

const findings = scan(process.cwd());

describe('words in code', () => {
  it('finds none outside the files still pending', () => {
    const outside = findings.filter((f) => !PENDING.includes(f.file));
    expect(outside.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('lists no pending file that is already done', () => {
    const withFindings = new Set(findings.map((f) => f.file));
    expect(PENDING.filter((file) => !withFindings.has(file))).toEqual([]);
  });

  it('finds JSX text, person-facing attributes and sentences, and leaves code alone', () => {
    const source = `
      import x from 'two words';
      const a = <p title="Hello there" className="row wide">Hi</p>;
      const b = 'A whole sentence here.';
      const c = t('popup_create');
      console.error('Could not load', e);
      throw new AppError('internal', 'Developer words only');
      const d = 'sp-row sp-wide'; // i18n-ignore
      if (kind === 'two words') {}
    `;
    expect(findLiterals('x.tsx', source).map((f) => f.text)).toEqual([
      'Hello there',
      'Hi',
      'A whole sentence here.',
    ]);
  });
});
