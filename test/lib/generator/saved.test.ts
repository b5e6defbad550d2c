/**
 * The generator's choices kept as a preference of the settings model (issue 38): read and saved through the
 * model under the key the versions before it used, checked by the generator (zod) on the way in and out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_CHOICE, readChoice, saveChoice, type GeneratorChoice } from '@/lib/generator';
import { readSettings } from '@/lib/settings';

const WORDS: GeneratorChoice = {
  ...DEFAULT_CHOICE,
  mode: 'words',
  words: { count: 4, separator: ' ', capitalize: true, number: false },
};

beforeEach(() => fakeBrowser.reset());

describe("the generator's saved choices", () => {
  it('are the defaults until saved, then what was saved, under generatorChoice', async () => {
    expect(await readChoice()).toEqual(DEFAULT_CHOICE);
    await saveChoice(WORDS);
    expect(await readChoice()).toEqual(WORDS);
    expect(await fakeBrowser.storage.local.get('generatorChoice')).toEqual({ generatorChoice: WORDS });
    expect((await readSettings()).savedPreferences.generatorChoice).toEqual(WORDS);
  });

  it('read what a version before 38 saved, and the defaults for a choice no longer valid', async () => {
    await fakeBrowser.storage.local.set({ generatorChoice: WORDS });
    expect(await readChoice()).toEqual(WORDS);
    await fakeBrowser.storage.local.set({ generatorChoice: { ...WORDS, mode: 'emoji' } });
    expect(await readChoice()).toEqual(DEFAULT_CHOICE);
    const none = { ...DEFAULT_CHOICE.characters, upper: false, lower: false, digits: false, symbols: false };
    await fakeBrowser.storage.local.set({ generatorChoice: { ...DEFAULT_CHOICE, characters: none } });
    expect(await readChoice()).toEqual(DEFAULT_CHOICE);
  });

  it('save the defaults in the place of a choice that makes nothing', async () => {
    const none = { ...DEFAULT_CHOICE.characters, upper: false, lower: false, digits: false, symbols: false };
    await saveChoice({ ...DEFAULT_CHOICE, characters: none });
    expect(await fakeBrowser.storage.local.get('generatorChoice')).toEqual({
      generatorChoice: DEFAULT_CHOICE,
    });
  });
});
