/**
 * lib/export's light front, for the dashboard's first screen (the builders behind index.ts load with an
 * export). What every export says first, and the dashboard next to its export buttons: the file holds live links
 * (html_url, or url_token with the server: the same link), so anyone who gets the file can open the
 * secrets while they last. A person reads it, so it is in the UI language (export_warning); the columns
 * and values after it are data (build.ts).
 */
import { t } from '@/lib/i18n';
import { csvField } from './csv';

/** The live-links warning in the UI language. */
export function liveLinksWarning(): string {
  return t('export_warning');
}

/**
 * The warning as the first line of a CSV file: a comment line, as spreadsheets show it in the first row.
 * Quoted when a translation holds a comma, so it stays one field in every language.
 */
export function csvWarningLine(): string {
  return `${csvField(`# ${liveLinksWarning()}`)}\r\n`;
}
