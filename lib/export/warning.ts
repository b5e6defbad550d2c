/**
 * What every export says first, and the dashboard next to its export buttons: the file holds live links
 * (html_url, or url_token with the server: the same link), so anyone who gets the file can open the
 * secrets while they last. Written without commas or quotes, so the CSV line stays one plain field.
 */
export const LIVE_LINKS_WARNING =
  'Exported files contain live links to secrets: anyone who gets one can open them until they expire. Keep them private and delete them when done.';

/** The warning as the first line of a CSV file: a comment line, as spreadsheets show it in the first row. */
export const CSV_WARNING_LINE = `# ${LIVE_LINKS_WARNING}\r\n`;
