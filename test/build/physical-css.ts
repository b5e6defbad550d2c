/**
 * Finds declarations that say left or right where a right-to-left page needs them mirrored: physical
 * properties (`margin-left`, `right`, `border-top-left-radius`), physical values (`text-align: left`,
 * `float: right`, `transition: left`) and shorthands whose left and right sides differ (`padding: 0 1px 0 2px`,
 * `border-radius: 4px 0 0 4px`). The logical forms (`margin-inline-start`, `inset-inline-end`,
 * `text-align: start`, `float: inline-start`, `padding-inline`) mirror by themselves under `dir="rtl"`.
 */

export interface Finding {
  /** 1-based line of the declaration in its file. */
  line: number;
  /** The declaration as written, e.g. `margin-left: auto`. */
  declaration: string;
  why: string;
}

/** Box shorthands whose four values go top, right, bottom, left. */
const FOUR_SIDED =
  /^(margin|padding|inset|border-width|border-style|border-color|scroll-margin|scroll-padding)$/;

/** Splits a value at spaces outside parentheses: `0 calc(1rem + 2px)` → ['0', 'calc(1rem + 2px)']. */
export function valueParts(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value.trim()) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (/\s/.test(char) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}

/** Whether a border-radius (one side of its `/`) rounds the left corners differently from the right ones. */
function lopsidedRadius(value: string): boolean {
  return value.split('/').some((side) => {
    const [tl, tr = tl, br = tl, bl = tr] = valueParts(side);
    return tl !== tr || br !== bl;
  });
}

/** Why `property: value` lays out differently in a mirrored page, or undefined when it mirrors. */
export function physicalReason(property: string, value: string): string | undefined {
  const prop = property.trim().toLowerCase();
  if (prop.startsWith('--')) return undefined; // a custom property is only a value until used
  if (/(^|-)(left|right)(-|$)/.test(prop)) return `physical property ${prop}`;
  if (/(^|[\s,])(left|right)($|[\s,])/i.test(value)) return `physical value in ${prop}`;
  if (FOUR_SIDED.test(prop)) {
    const parts = valueParts(value.replace(/!important/, ''));
    if (parts.length === 4 && parts[1] !== parts[3]) return `${prop} with different right and left sides`;
  }
  if (prop === 'border-radius' && lopsidedRadius(value.replace(/!important/, '')))
    return 'border-radius with different left and right corners';
  if (/translateX\(\s*(?!0[\s)a-z%]*\))/.test(value) || /translate\(\s*(?!0[\s)a-z%]*[,)])/.test(value))
    return 'horizontal translation';
  return undefined;
}

/** Every physical declaration of a stylesheet's text. */
export function physicalDeclarations(css: string): Finding[] {
  // Comments out, keeping their line breaks so lines still count right.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const findings: Finding[] = [];
  for (const match of text.matchAll(/([-a-zA-Z]+)\s*:\s*([^;{}]+)(?=;|\})/g)) {
    const [whole, property, value] = match;
    // A selector's pseudo-class (`a:hover {`) never reaches here: its value would run into `{`.
    const why = physicalReason(property!, value!);
    if (!why) continue;
    const line = text.slice(0, match.index).split('\n').length;
    findings.push({ line, declaration: whole.replace(/\s+/g, ' ').trim(), why });
  }
  return findings;
}

/** The declarations of the inline `style={{ … }}` objects of a TSX file, with the same reasons. */
export function physicalInlineStyles(tsx: string): Finding[] {
  const findings: Finding[] = [];
  for (const style of tsx.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) {
    for (const entry of style[1]!.matchAll(/['"]?([a-zA-Z-]+)['"]?\s*:\s*([^,}]+)/g)) {
      const property = entry[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const why = physicalReason(property, entry[2]!.replace(/['"`]/g, ''));
      if (why) {
        const line = tsx.slice(0, style.index + entry.index!).split('\n').length;
        findings.push({ line, declaration: entry[0].trim(), why });
      }
    }
  }
  return findings;
}
