/**
 * The version call: how an unknown address is checked. A 404 is probed further (v1 only, or not ours), and
 * JSON that is not even the outline of a version answer comes from some other service.
 */
import { AppError } from '../errors';
import { V1_VERSION_PATH, VERSION_PATH } from './paths';
import { decode, readBody } from './responses';
import type { Read } from './retry';
import { versionSchema, type VersionInfo } from './schemas';
import type { ApiRequest, RawResponse } from './transport';

interface VersionDeps {
  exchange: (request: ApiRequest) => Promise<RawResponse>;
  read: Read;
  hasToken: boolean;
}

/**
 * A JSON version answer that is not even the outline of one (an object with `edition` or `api_version`)
 * comes from some other JSON service, not from a secret-push server with an odd field.
 */
function looksLikeVersion(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    !Array.isArray(json) &&
    ('edition' in json || 'api_version' in json)
  );
}

/** After a 404 on /api/v2/version: a server with only v1 is too old; anything else is not ours. */
async function probeV1({ exchange }: VersionDeps): Promise<AppError> {
  const raw = await exchange({
    endpoint: 'v1-version',
    method: 'GET',
    path: V1_VERSION_PATH,
    anonymous: true,
  });
  const json = raw.status === 200 ? readBody(raw).json : undefined;
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? new AppError('needs-api-v2', 'The server has API v1 only.', { status: 404 })
    : new AppError('not-secret-push', 'The server has no secret-push API.', { status: 404 });
}

/** Asks the server's version (a read: a short rate limit is waited out). */
export function readVersion(deps: VersionDeps): Promise<VersionInfo> {
  return deps.read(async () => {
    // No token: the version call is how an unknown address is checked, and it needs none.
    const raw = await deps.exchange({
      endpoint: 'version',
      method: 'GET',
      path: VERSION_PATH,
      anonymous: true,
    });
    if (raw.status === 404) throw await probeV1(deps);
    if (raw.status >= 200 && raw.status < 300) {
      const json = readBody(raw).json;
      if (json !== undefined && !looksLikeVersion(json))
        throw new AppError('not-secret-push', 'The server answered JSON that is not a version.', {
          status: raw.status,
        });
    }
    return decode(raw, versionSchema, 'version', deps.hasToken);
  });
}
