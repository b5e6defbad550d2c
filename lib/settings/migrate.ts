/**
 * The settings schema's migrations, run by the background only (install, update, start: issue 18). Pages
 * read a list still in version 1's shape as version 2 in memory (stored.ts decodeSettings) until it runs.
 * Version 1 → 2 turns the one saved server into a list with its token bound to its origin; version 1's keys
 * are removed in the same save, after the list is written, so a migration cut short is simply run again.
 */
import { readSettings } from './read';
import { saveSettings } from './save';

/** Migrates stored settings to the current version; does nothing when they are current. */
export async function migrateSettings(): Promise<void> {
  const { version1 } = await readSettings();
  // The policy action stores the state as read, under the policy: for a version 1 list, its version 2 form.
  if (version1) await saveSettings({ type: 'policy' });
}
