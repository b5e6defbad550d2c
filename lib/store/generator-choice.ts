/**
 * The secret generator's panel choices (lib/generator), kept as its defaults for the next time: only the
 * choices (length, classes, words…), never a generated value. Its own module, loaded with the generator on
 * first use, so the popup's first chunk carries no storage library.
 */
import { storedItem } from './item';
import { DEFAULT_CHOICE, validChoice, type GeneratorChoice } from '@/lib/generator/choice';

export const generatorChoiceItem = storedItem<GeneratorChoice>('local:generatorChoice', {
  fallback: DEFAULT_CHOICE,
});

/** The saved choices, or the defaults when none (or no longer valid ones) are saved. */
export async function readChoice(): Promise<GeneratorChoice> {
  return validChoice(await generatorChoiceItem.getValue());
}

/** Saves the panel's choices as the generator's defaults. */
export async function saveChoice(choice: GeneratorChoice): Promise<void> {
  await generatorChoiceItem.setValue(validChoice(choice));
}
