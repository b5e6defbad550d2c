/**
 * The secret generator's front, loaded by the popup when the wand or its panel is first used: the choices
 * (choice.ts), where they are kept (saved.ts), and a new secret from crypto.getRandomValues.
 */
import { defaultRandom, loadWords } from '@/lib/push/passphrase';
import { generateSecret, type GeneratorChoice } from './choice';

export * from './choice';
export { readChoice, saveChoice } from '@/lib/store/generator-choice';

/** A new secret as `choice` says; the word list loads (once) when the choice is words. */
export async function newSecret(choice: GeneratorChoice): Promise<string> {
  const list = choice.mode === 'words' ? await loadWords() : undefined;
  return generateSecret(defaultRandom, choice, list);
}
