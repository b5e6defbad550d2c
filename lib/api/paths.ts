import { AppError } from '../errors';
import { URL_TOKEN_PATTERN } from './schemas';
import { t } from '../i18n';

/**
 * Path builders for /api/v2. Paths are always built from a url_token, never taken from a response's
 * `json_url`: on real oss servers that URL 404s for retrieval-step pushes (reference §12).
 */

export const VERSION_PATH = '/api/v2/version';
/** The v1 probe, used only to tell "too old" from "not a secret-push server" (reference §13). */
export const V1_VERSION_PATH = '/api/v1/version.json';
export const PUSHES_PATH = '/api/v2/pushes';
export const ACTIVE_PATH = '/api/v2/pushes/active';
export const EXPIRED_PATH = '/api/v2/pushes/expired';

/** Highest page the server accepts (reference §9). */
export const MAX_PAGE = 200;

/** Rejects anything that is not a url_token before it can reach a path (`..`, `/`, `?`, upper case). */
export function checkUrlToken(urlToken: string): string {
  // `active` and `expired` match the pattern but name the list routes; real tokens are 11+ characters.
  if (
    typeof urlToken !== 'string' ||
    !URL_TOKEN_PATTERN.test(urlToken) ||
    urlToken === 'active' ||
    urlToken === 'expired'
  ) {
    throw new AppError('validation', 'This is not a valid push link.', {
      fields: { url_token: [t('api_fieldNotPushToken')] },
    });
  }
  return urlToken;
}

/** Rejects pages the server would answer with 400, so a caller's bug fails before a request. */
export function checkPage(page: number): number {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new AppError('invalid-page', `Page must be a whole number from 1 to ${MAX_PAGE}.`);
  }
  return page;
}

export function pushPath(urlToken: string): string {
  return `${PUSHES_PATH}/${checkUrlToken(urlToken)}`;
}

export function previewPath(urlToken: string): string {
  return `${pushPath(urlToken)}/preview`;
}

export function auditPath(urlToken: string): string {
  return `${pushPath(urlToken)}/audit`;
}
