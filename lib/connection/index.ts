/**
 * lib/connection, the one road from settings to a request (issue 38): where a push goes and with which token
 * (target.ts, the light front the popup's first chunk loads), the client over the transport that reaches it,
 * what happens right after a create, and the kept connections of a context with their one invalidation
 * rule and the background's version answers (client.ts, where a token is held to its origin),
 * and the checks and save of a server (check.ts, with the host permission; remove.ts).
 */
export {
  destinationOf,
  isSignedIn,
  knownEdition,
  targetBaseUrl,
  targetToken,
  type Destination,
  type Target,
} from './target';
export {
  clientFor,
  connectFollowed,
  connectSaved,
  createAndRecord,
  savedTarget,
  targetOf,
  type Connection,
  type CreatedPush,
  type Transports,
  keptConnections,
  sessionVersions,
  type KeptConnections,
  type KnownVersions,
} from './client';

export { destinationSchema, refusalFor } from './destination';
export {
  checkServer,
  requestHostPermission,
  saveServer,
  type ConnectionReport,
  type ServerDraft,
} from './check';
export { removeSavedServer } from './remove';
