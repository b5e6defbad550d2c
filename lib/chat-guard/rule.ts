/**
 * The guard's rule, pure: a push made from a chat or mail web app's tab (apps.ts) gets the retrieval step,
 * so the app's link preview cannot use up a view; the user's setting (lib/settings, `chatGuard`) turns the
 * guard off. It applies on top of whatever options a push has (the defaults, a preset, what the popup's form
 * holds): only the retrieval step changes. Both editions of the API have the retrieval step (api-contract
 * §3, `retrieval_step` in pro and oss alike), so the rule does not depend on the edition.
 */
import { chatAppAt, webHostOf, type ChatApp } from './apps';

/** The part of the settings the guard reads (lib/settings Preferences). */
export interface GuardSettings {
  chatGuard: boolean;
}

/** The app a push made from the tab at `url` is guarded for: none when the guard is off or it is no app. */
export function guardFor(url: string | undefined, settings: GuardSettings): ChatApp | undefined {
  return settings.chatGuard ? chatAppAt(webHostOf(url)) : undefined;
}

/** A push's options as the guard leaves them; `turnedOn`: the guard turned the step on (say why). */
export interface Guarded<T> {
  options: T;
  turnedOn: boolean;
}

/**
 * The options with the retrieval step on when `app` is set (guardFor). Options that have it on already
 * stay as they are and nothing is to be said: the guard changed nothing.
 */
export function guarded<T extends { retrievalStep: boolean }>(
  options: T,
  app: ChatApp | undefined,
): Guarded<T> {
  if (!app || options.retrievalStep) return { options, turnedOn: false };
  return { options: { ...options, retrievalStep: true }, turnedOn: true };
}
