/**
 * Right to left (issue 12): every page mirrors in Arabic because its styles say start and end, never left
 * and right. This fails when a physical property comes back in any stylesheet or inline style.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { physicalDeclarations, physicalInlineStyles, physicalReason } from './physical-css';

const root = path.resolve(import.meta.dirname, '..', '..');
const SOURCE_DIRS = ['components', 'entrypoints', 'lib', 'public'];

/**
 * Declarations that must stay physical, each with its reason, as `file: declaration`. Empty: nothing on
 * our pages means the left or right of the screen itself. An entry that no longer matches fails below.
 */
const ALLOWED: Record<string, string> = {};

function files(dir: string, pattern: RegExp): string[] {
  const at = path.join(root, dir);
  if (!fs.existsSync(at)) return [];
  return fs.readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(rel, pattern);
    return pattern.test(entry.name) ? [rel] : [];
  });
}

const stylesheets = SOURCE_DIRS.flatMap((dir) => files(dir, /\.css$/));
const components = SOURCE_DIRS.flatMap((dir) => files(dir, /\.tsx$/));

function findingsOf(file: string) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found = file.endsWith('.css') ? physicalDeclarations(text) : physicalInlineStyles(text);
  return found.map((f) => ({ ...f, key: `${file}: ${f.declaration}` }));
}

describe('logical CSS', () => {
  it('finds the stylesheets of every page', () => {
    expect(stylesheets).toEqual(
      expect.arrayContaining([
        'components/theme/controls.css',
        'entrypoints/dashboard/style.css',
        'entrypoints/options/style.css',
        'entrypoints/popup/style.css',
        'entrypoints/popup/popup-extra.css',
        'entrypoints/viewer/style.css',
      ]),
    );
  });

  it.each(stylesheets)('%s says start and end, not left and right', (file) => {
    const found = findingsOf(file).filter((f) => !(f.key in ALLOWED));
    expect(found.map((f) => `${file}:${f.line} ${f.declaration} (${f.why})`)).toEqual([]);
  });

  it('no inline style of a component says left or right', () => {
    const found = components.flatMap(findingsOf).filter((f) => !(f.key in ALLOWED));
    expect(found.map((f) => `${f.key} (${f.why})`)).toEqual([]);
  });

  it('every allowed physical declaration is still there (the list only shrinks)', () => {
    const all = new Set([...stylesheets, ...components].flatMap(findingsOf).map((f) => f.key));
    expect(Object.keys(ALLOWED).filter((key) => !all.has(key))).toEqual([]);
  });
});

describe('the physical-declaration finder', () => {
  it.each([
    ['margin-left', 'auto'],
    ['padding-right', '4px'],
    ['right', '0'],
    ['left', '0.125rem'],
    ['border-left', '1px solid red'],
    ['border-top-right-radius', '4px'],
    ['scroll-margin-left', '1rem'],
    ['text-align', 'left'],
    ['text-align', 'right'],
    ['float', 'left'],
    ['clear', 'right'],
    ['transition', 'left 0.15s'],
    ['background-position', 'right 4px center'],
    ['padding', '0 var(--a) 0 calc(1rem + 2px)'],
    ['margin', '0 8px 0 0'],
    ['inset', '0 auto 0 0'],
    ['border-radius', '4px 0 0 4px'],
    ['border-radius', '4px 0'],
    ['transform', 'translateX(4px)'],
  ])('flags %s: %s', (property, value) => {
    expect(physicalReason(property, value)).toBeDefined();
  });

  it.each([
    ['margin-inline-start', 'auto'],
    ['padding-inline', '4px 8px'],
    ['inset-inline-end', '0'],
    ['border-inline-start', '1px solid red'],
    ['text-align', 'start'],
    ['text-align', 'center'],
    ['float', 'inline-start'],
    ['transition', 'inset-inline-start 0.15s'],
    ['padding', 'var(--a) calc(1rem + 2px)'],
    ['margin', '0 8px 4px 8px'],
    ['inset', '0'],
    ['clip-path', 'inset(50%)'],
    ['border-radius', '4px'],
    ['border-radius', '4px 4px 0 0'],
    ['top', '0'],
    ['transform', 'translateX(0)'],
    ['--sp-left-gap', '4px'],
  ])('lets %s: %s pass', (property, value) => {
    expect(physicalReason(property, value)).toBeUndefined();
  });

  it('reads declarations from a stylesheet, not selectors or comments, with their lines', () => {
    const css = `/* left: 0 here is prose */\na:hover,\nlabel:has(input:checked) {\n  color: red;\n  margin-right: 4px;\n}\n@media (max-width: 600px) { .x { float: left } }`;
    expect(physicalDeclarations(css)).toEqual([
      { line: 5, declaration: 'margin-right: 4px', why: 'physical property margin-right' },
      { line: 7, declaration: 'float: left', why: 'physical value in float' },
    ]);
  });

  it('reads inline styles of a component', () => {
    const tsx = `<div\n  style={{ marginLeft: 4, textAlign: 'right', top: 0 }}\n/>`;
    expect(physicalInlineStyles(tsx).map((f) => [f.line, f.declaration])).toEqual([
      [2, 'marginLeft: 4'],
      [2, "textAlign: 'right'"],
    ]);
  });
});
