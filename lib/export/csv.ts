/**
 * CSV per RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): CRLF between records, a field quoted when it
 * holds a comma, a quote, CR or LF, quotes doubled inside. Text that a spreadsheet would run as a formula
 * (a leading = + - @, and tab or CR, per OWASP's "CSV injection" advice) gets an apostrophe in front, so a
 * push named "=HYPERLINK(…)" or a referrer chosen by a recipient stays text when the file is opened.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised first (it changes the text), then quoted if needed. Numbers stay numbers. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header record, then one record per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
