import { numberFormat } from './intl';
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size people read at a glance, in `locale`'s own words and digits: "512 bytes", "1.5 kB", "1,5 Mo"
 * (binary steps of 1024, as file managers count; Intl names the unit).
 */
export function formatSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return numberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    // "3 bytes", not the short form's "3 byte"; "1.5 kB" and up in their short symbols.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

/** The unit formatSize picks for `bytes`: its index in UNITS and its size in bytes. */
function unitOf(bytes: number): { unit: number; size: number } {
  let unit = 0;
  let size = 1;
  while (bytes / size >= 1024 && unit < UNITS.length - 1) {
    size *= 1024;
    unit++;
  }
  return { unit, size };
}

/**
 * An upload's progress in `locale`'s words and digits, the sent part in the total's unit: "2.4", "5 MB" and
 * "48%" for 2.4 MiB of 5 (the popup says "2.4 of 5 MB · 48%"). The share is rounded down, so 100% means all
 * of it is sent.
 */
export function formatSentOf(
  sent: number,
  total: number,
  locale: string,
): { sent: string; total: string; percent: string } {
  const { unit, size } = unitOf(total);
  const share = total > 0 ? Math.min(1, Math.floor((sent / total) * 100) / 100) : 0;
  return {
    sent: numberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(
      Math.min(sent, total) / size,
    ),
    total: formatSize(total, locale),
    percent: numberFormat(locale, { style: 'percent' }).format(share),
  };
}
