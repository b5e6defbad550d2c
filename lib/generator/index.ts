/**
 * The secret generator's front, loaded by the popup when the wand or its panel is first used: the choices
 * (choice.ts), kept as a preference of the settings model (checked here, where zod is loaded), and a new
 * secret from crypto.getRandomValues.
 */
import { readSettings, saveSettings } from '@/lib/settings';
import { defaultRandom, loadWords } from '@/lib/push/passphrase';
import { generateSecret, validChoice, type GeneratorChoice } from './choice';

export * from './choice';

/** The saved choices, or the defaults when none (or no longer valid ones) are saved. */
export async function readChoice(): Promise<GeneratorChoice> {
  return validChoice((await readSettings()).preferences.generatorChoice);
}

/** Saves the panel's choices as the generator's defaults (checked first: an invalid one saves the defaults). */
export async function saveChoice(choice: GeneratorChoice): Promise<void> {
  await saveSettings({ type: 'generatorChoice', choice: validChoice(choice) });
}

/** A new secret as `choice` says; the word list loads (once) when the choice is words. */
export async function newSecret(choice: GeneratorChoice): Promise<string> {
  const list = choice.mode === 'words' ? await loadWords() : undefined;
  return generateSecret(defaultRandom, choice, list);
}
