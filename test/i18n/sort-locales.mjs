// Rewrites every public/_locales/*/messages.json with its keys sorted (case-insensitive) and two-space
// indentation, the form test/i18n/locales.test.ts expects: `node test/i18n/sort-locales.mjs`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../../public/_locales/', import.meta.url);
for (const locale of readdirSync(dir)) {
  const file = new URL(`${locale}/messages.json`, dir);
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  const sorted = Object.fromEntries(
    Object.entries(messages).sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase())),
  );
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
