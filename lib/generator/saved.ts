/**
 * The generator panel's choices, kept as its defaults for the next time. Kept here, beside the generator,
 * rather than in lib/store/items.ts: the item belongs to this one feature and nothing else reads it. It holds
 * only the choices (length, classes, words…), never a generated value.
 */
import { storage } from '#imports';
import { DEFAULT_CHOICE, validChoice, type GeneratorChoice } from './choice';

export const generatorChoiceItem = storage.defineItem<GeneratorChoice>('local:generatorChoice', {
  fallback: DEFAULT_CHOICE,
  version: 1,
});

/** The saved choices, or the defaults when none (or no longer valid ones) are saved. */
export async function readChoice(): Promise<GeneratorChoice> {
  return validChoice(await generatorChoiceItem.getValue());
}

/** Saves the panel's choices as the generator's defaults. */
export async function saveChoice(choice: GeneratorChoice): Promise<void> {
  await generatorChoiceItem.setValue(validChoice(choice));
}
