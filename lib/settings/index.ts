/**
 * The settings model (issue 18, 38), its one door for every context: the values' shapes, the rules of a
 * server address and a token, the policy's effect and the one read (all through read.ts, the light front a
 * first screen imports instead, with no zod), the one save (save.ts) and the options form's logic (form.ts).
 * The background's part (migrations, reading storage.managed) is background.ts, the background
 * entrypoint's own door, and the check of the push defaults (defaults.ts, with zod) the options page's: zod
 * in this door would be loaded at open by every page that imports it (lib/zod.ts configures it as it loads).
 */
export * from './read';
export { saveSettings, type SettingsAction } from './save';
export * from './form';
