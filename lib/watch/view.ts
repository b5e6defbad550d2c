/**
 * The watcher's light front (issue 19), for pages and components: the cache's one read and what a page
 * shows of a tracked push (its label, its state, a viewer's browser, its address in the dashboard by an opaque key). Every
 * module behind it is pure or reads with plain calls, so the popup and the dashboard load it at open without
 * idb, the store's library or any of the background's code; index.ts, the whole watcher's front, adds
 * those. Types are imported from types.ts, messages from messages.ts.
 */
export { pushLabel } from './label';
export { listTrackedPushes, readTracked, type TrackedSnapshot } from './read';
export { pushState, stateWords, type PushState } from './state';
export { openedStatus, openedStatusParts } from './status';
export { userAgentName } from './user-agent';
export {
  DASHBOARD_PATH,
  keyHash,
  keyPath,
  parsePushHash,
  pushHash,
  pushKey,
  pushOfKey,
  pushPath,
  type PushAddress,
} from './push-address';
