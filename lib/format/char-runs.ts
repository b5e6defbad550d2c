/**
 * A secret's characters by class, for the recipient's page (issue 20): letters, digits and symbols shown in
 * their own colours, as Bitwarden does, so "l1I|" or "O0" read apart when someone types it elsewhere.
 * Pure, shared by the extension's viewer and the Node host's page.
 */
export type CharClass = 'letter' | 'digit' | 'symbol' | 'space';

/** A run of characters of one class, in order: joined, the runs give back the text exactly. */
export interface CharRun {
  cls: CharClass;
  text: string;
}

/** Above this length a payload is a document, not a password: it is shown as plain text. */
export const MAX_CLASSED_CHARS = 1024;
/** Up to this length a secret can be spelled out character by character. */
export const MAX_SPELLED_CHARS = 128;

/** The class of one character (a code point). */
export function charClass(char: string): CharClass {
  if (/\p{L}/u.test(char)) return 'letter';
  if (/\p{N}/u.test(char)) return 'digit';
  if (/\s/u.test(char)) return 'space';
  return 'symbol';
}

/** `text` as runs of one class each; empty for a text too long to be a password (MAX_CLASSED_CHARS). */
export function charRuns(text: string): CharRun[] {
  if (text.length > MAX_CLASSED_CHARS) return [];
  const runs: CharRun[] = [];
  for (const char of text) {
    const cls = charClass(char);
    const last = runs.at(-1);
    if (last?.cls === cls) last.text += char;
    else runs.push({ cls, text: char });
  }
  return runs;
}

/**
 * What a spelled-out character is, in words under it (issue 37: colour alone does not tell "l" from "I" to
 * someone who cannot see it, WCAG 1.4.1): a letter says its case when it has one.
 */
export type SpelledKind = 'capital' | 'small' | 'letter' | 'digit' | 'symbol' | 'space';

/** The kind of one character of class `cls`. */
export function spelledKind(char: string, cls: CharClass): SpelledKind {
  if (cls !== 'letter') return cls;
  if (char !== char.toLowerCase()) return 'capital';
  if (char !== char.toUpperCase()) return 'small';
  return 'letter';
}

/** `text`'s characters (code points) one by one with their class and kind; empty when too long to spell out. */
export function spelledOut(text: string): Array<{ char: string; cls: CharClass; kind: SpelledKind }> {
  const chars = Array.from(text);
  if (chars.length > MAX_SPELLED_CHARS || /[\n\r]/.test(text)) return [];
  return chars.map((char) => {
    const cls = charClass(char);
    return { char, cls, kind: spelledKind(char, cls) };
  });
}
