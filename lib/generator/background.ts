/**
 * The background's passphrase (a quick push whose preset turns one on, lib/quick-push). The EFF list is read
 * from the extension's own file (WORDS_FILE, written at build from the package by wxt.config.ts), never
 * bundled here: Chrome's worker is one file evaluated at every wake, and the list inlined in it doubled
 * background.js (147 → 287 KB) and its evaluation on wake, the cold quick push's time (issue 40).
 */
import { defaultRandom, generateWords, type RandomBytes } from './pick';

/** The word list as a file of the extension, one JSON array of the 7,776 words in dice order. */
export const WORDS_FILE = '/eff-words.json';

let words: Promise<readonly string[]> | undefined;

/** The list, read once while the background lives (a failed read is tried again next time). */
function readWords(): Promise<readonly string[]> {
  words ??= fetch(browser.runtime.getURL(WORDS_FILE))
    .then((response) => response.json() as Promise<string[]>)
    .catch((error: unknown) => {
      words = undefined;
      throw error;
    });
  return words;
}

/** A passphrase of words, as the popup's Generate makes one. */
export async function backgroundPassphrase(
  random: RandomBytes = defaultRandom,
  read: () => Promise<readonly string[]> = readWords,
): Promise<string> {
  return generateWords(random, await read()).value;
}
