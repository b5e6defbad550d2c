import { pushPath } from './paths';
import type { ApiRequest } from './transport';
import type { Edition } from './types';

/** A passphrase fits a header only as printable ASCII without edge spaces (fetch trims header values). */
const headerSafe = (value: string) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);

/**
 * The retrieve request. pro reads X-Passphrase first and the query second; oss reads only the query
 * (contract §5). The header keeps the passphrase out of proxy logs, when its characters survive a header.
 */
export async function retrieveRequest(
  urlToken: string,
  opts: { passphrase?: string; signal?: AbortSignal },
  edition: () => Promise<Edition>,
): Promise<ApiRequest> {
  const request: ApiRequest = {
    endpoint: 'retrieve',
    method: 'GET',
    path: pushPath(urlToken),
    signal: opts.signal,
  };
  const passphrase = opts.passphrase;
  if (!passphrase) return request;
  request.secret = true;
  if ((await edition()) === 'pro' && headerSafe(passphrase)) request.headers = { 'X-Passphrase': passphrase };
  else request.query = { passphrase };
  return request;
}
