/**
 * The settings model (issue 18), one front for every context: the values' shapes, the rules of a server
 * address and a token, the policy's effect, the one read (read.ts) and the one save (save.ts). The
 * background's part (migrations, reading storage.managed) is background.ts, loaded by the background only;
 * the checks that need zod (defaults.ts, policy-parse.ts) are imported from their modules, so a page that
 * only reads its settings never loads zod.
 */
export * from './values';
export * from './rules';
export * from './policy';
export {
  isServerList,
  settingsFor,
  settingsOf,
  withPolicy,
  type ServerEntry,
  type StoredSettings,
} from './model';
export { followSettings, loadSettings, readSettings, type FollowOptions, type SettingsRead } from './read';
export { saveSettings, type SettingsAction } from './save';
export type { SettingsPart } from './stored';
export * from './form';
