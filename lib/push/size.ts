import { numberFormat } from '../format/intl';
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
