/**
 * The runtime state the extension keeps in browser.storage, each item with its fallback: no user preference
 * (every one is in the settings model, lib/settings: servers, tokens, demo mode, defaults, the policy, copy
 * on create, the watcher's settings, the clipboard's delay, failed-attempt alerts, the generator's
 * choices). No payload or passphrase is ever stored here, but for quick push's held entries and the popup's
 * last result, both in storage.session (see below).
 */
import { storedEntries, storedItem } from '@/lib/storage';

/** Watcher (lib/watch): bumped after every refresh that changed the cache; pages reload when it changes. */
export const watchRevisionItem = storedItem<number>('local:watchRevision', {
  fallback: 0,
});

/**
 * Quick push (lib/quick-push): what a failed menu or shortcut push had, kept so its notification's
 * "Try again" can send it, keyed by notification id. The one place a payload is held: storage.session only
 * (memory, never written to disk, gone when the browser closes, not readable by content scripts); each
 * entry is removed once sent again or once its notification is dismissed. Read back through zod
 * (lib/quick-push/held.ts).
 */
export const quickPushHeldItem = storedItem<Record<string, unknown>>('session:quickPushHeld', {
  fallback: {},
});

/**
 * The popup's last result (lib/handoff): its link, passphrase and generated secret, so a popup closed on the
 * way to the chat shows them again. storage.session only (memory, gone when the browser closes; Chrome's
 * default access level keeps it from content scripts, and the extension has none), erased at New push or
 * Done, 10 minutes after the create (an alarm, and every read), and when its server is removed. Read back
 * through lib/handoff/core.ts's check.
 */
export const handoffItem = storedItem<unknown>('session:popupHandoff', { fallback: null });

/**
 * Pushes the popup created, on their way to the watcher's database (lib/watch/outbox.ts): one entry each, in
 * storage.session, written as the server's answer arrives and removed once the background recorded it. No
 * payload or passphrase: a create's answer has no payload, and an echoed passphrase is masked before.
 */
export const createdPushEntries = storedEntries<unknown>('session:createdPush:');

/**
 * Creates the background started and has not finished (lib/interrupted, issue 40): one entry each, in
 * storage.session, written before the create's request leaves and removed once the push is recorded (or
 * the create failed). One left by an earlier life of the background was interrupted. No payload or
 * passphrase: only what kind of create, when, and which life of the background started it.
 */
export const interruptedEntries = storedEntries<unknown>('session:interrupted:');

/**
 * Test seam, read only in builds made with SECRET_PUSH_E2E=1 (lib/handoff/clock.ts): milliseconds the
 * journeys move the hand-off's clock forward, to see a result erased 10 minutes later without waiting.
 */
export const e2eClockShiftItem = storedItem<number>('session:e2eClockShiftMs', { fallback: 0 });

/**
 * Quick push: the link of a new push that points to another origin than the server, keyed by the id of the
 * notification that asks "Copy anyway"; nothing is copied until then. storage.session only, removed once
 * copied or once the notification is dismissed. Read back through zod (lib/quick-push/held.ts).
 */
export const quickPushLinksItem = storedItem<Record<string, unknown>>('session:quickPushLinks', {
  fallback: {},
});

/**
 * Quick push (lib/connection/client.ts sessionVersions): the version answer of each server a quick push's client read in
 * this browser session, by base URL, so a woken service worker's first quick push does not ask it again.
 * Public data (the same for every caller); storage.session, gone when the browser closes. Read back
 * through zod.
 */
export const quickPushVersionsItem = storedItem<Record<string, unknown>>('session:quickPushVersions', {
  fallback: {},
});

/**
 * Set once the watcher's startup work (lib/watch/background/startup.ts: erasing left accounts, the alarm, the badge) is
 * done in this browser session, so a woken worker skips it. storage.session, like the alarm and the badge,
 * is gone when the browser closes and when the extension is reloaded, updated or disabled.
 */
export const watchStartedItem = storedItem<boolean>('session:watchStarted', {
  fallback: false,
});

/**
 * Expire everything (lib/expire-all): the background's run as pages show it (its counts, the servers, the
 * pushes it could not expire by label and why, a Retry-After being waited out), so a reopened dashboard or
 * popup shows the run going on or its result. url_tokens and labels only, never a payload or passphrase;
 * storage.session (memory, gone when the browser closes). Read back through lib/expire-all/state.ts.
 */
export const expireAllRunItem = storedItem<unknown>('session:expireAllRun', { fallback: null });
