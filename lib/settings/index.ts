/**
 * The settings model (issue 18), one front for every context: the values' shapes, the rules of a server
 * address and a token, the policy's effect, the one read (read.ts) and the one save (save.ts). The
 * background's part (migrations, reading storage.managed) is background.ts, loaded by the background only.
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
export {
  loadSettings,
  onSettingsChange,
  onStoredChange,
  readSettings,
  readSettingsUnderPolicy,
  watchSettings,
  type SettingsRead,
} from './read';
export { saveDefaults, saveSettings, type SettingsAction } from './save';
export { validateDefaults } from './defaults';
export * from './form';
