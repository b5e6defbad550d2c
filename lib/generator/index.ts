/**
 * The generator owns its randomness and its words. This door is the secret generator's, loaded by the popup
 * when the wand or its panel is first used: the choices (choice.ts), kept as a preference of the settings
 * model (checked here, where zod is loaded), and a new secret from crypto.getRandomValues. Its light front
 * passphrase.ts (no zod) is the passphrase field's generator and the unbiased pick both use; words.ts the
 * EFF word list, a chunk of its own loaded on first use (loadWords).
 */
import { readSettings, saveSettings } from '@/lib/settings';
import { generateSecret, validChoice, type GeneratorChoice } from './choice';
import { defaultRandom, loadWords } from './passphrase';

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
