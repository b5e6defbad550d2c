/**
 * lib/chat-guard, the chat-preview guard (issue 39 §2): chat and mail apps fetch a link to draw its
 * preview, and each fetch can use up a view. The table of those apps by host (apps.ts) and the rule
 * (rule.ts: a push made from one of them gets the retrieval step, unless the setting turns the guard off).
 * Pure and light (no zod, no browser): the popup's first screen and the background's quick push load it.
 * The tab's address is read by the caller (the popup through activeTab, quick push from its tab) and never
 * stored: a held quick push keeps only the app's id.
 */
export { CHAT_APPS, chatAppAt, chatAppById, webHostOf, type ChatApp } from './apps';
export { guardFor, guarded, type Guarded, type GuardSettings } from './rule';
