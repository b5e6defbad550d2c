/**
 * A push in words and pictures, for every page and the background: its label (label.ts), its link's check
 * (link.ts), its expiry and its copy message (expiry-words.ts) and what opening it costs (open-warning.ts).
 * label.ts and link.ts are also light fronts: the popup's first screen and the pages that only name a push
 * or check its link import them alone, so that they do not reach the rest (the bundler places a module by
 * what reaches it). The popup's
 * create form has its own door, lib/push/form.
 */
export { formLabel, formSubject, pushLabel, urlSubject, type LabelFacts } from './label';
export { copyMessage, expiryInWords, passphraseLine, type ExpiryFacts } from './expiry-words';
export { openWarning, type OpenFacts } from './open-warning';
