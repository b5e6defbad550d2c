export { createApiClient } from './client';
export { describeError } from './describe';
export {
  checkLinkOf,
  checkPushLink,
  isLoopbackHost,
  linkHomeOf,
  type LinkCheck,
  type LinkHome,
} from './link';
export { isGone } from './push';
export { editionOf } from './edition';
export { PAGE_SIZE } from './pagination';
export { URL_TOKEN_PATTERN } from './schemas';
export type { AuditEntry, Preview, Push, PushFile, RetrievedPush, VersionInfo } from './schemas';
export {
  auditEntrySchema,
  auditSchema,
  previewSchema,
  pushFileSchema,
  pushListSchema,
  pushSchema,
  retrievedPushSchema,
  versionSchema,
} from './schemas';
export type { ApiClient, ApiClientOptions, CreatePushInput, CreateResult, Edition, Page } from './types';
export { decode } from './responses';
export { MAX_PAGE, PUSHES_PATH } from './paths';
export { createUploadFetch, withCompletionProgress, withRedirectProbe, type UploadProgress } from './upload';
