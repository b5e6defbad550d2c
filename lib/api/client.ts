import { shared } from '../async';
import { buildNow } from '../lazy';
import { AppError } from '../errors';
import { normalizeBaseUrl } from './base-url';
import { createFields, encodeCreate } from './create';
import { editionOf } from './edition';
import { checkPushLink, type LinkHome } from './link';
import { PUSHES_PATH, pushPath } from './paths';
import { readMethods, type Call } from './reads';
import { decode } from './responses';
import { retrieveRequest } from './retrieve';
import { retryingReads } from './retry';
import { PUSH_SCHEMAS, type Push } from './schemas';
import { send, type ApiRequest, type RawResponse } from './transport';
import type { ApiClient, ApiClientOptions, CreateResult, Edition } from './types';
import { readVersion } from './version';

const DEFAULT_TIMEOUT_MS = 30_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The create answer: the push, the verdict on its link (link.ts: on `home`, the server's own origin or this
 * extension's viewer for the demo service), and a warning when the link is not on the origin the client was
 * told the server's pages are on.
 */
function created(push: Push, baseUrl: string, pageOrigin: string, home: LinkHome): CreateResult {
  const link = checkPushLink(push.html_url, home);
  const origin = new URL(push.html_url, baseUrl).origin;
  if (origin === pageOrigin) return { push, link };
  const warning = new AppError('host-mismatch', `The push link points to ${origin}, not ${pageOrigin}.`);
  return { push, link, warning: warning.toJSON() };
}

/**
 * The typed client of one server. Every response is validated (schemas.ts) and every failure is an
 * AppError (responses.ts). Writes and retrievals are sent exactly once; reads wait out short rate limits.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const token = options.token ? options.token : null;
  const hasToken = token !== null;
  const pageOrigin = options.pageOrigin ?? new URL(baseUrl).origin;
  const linkHome = options.linkHome ?? { server: baseUrl };
  const transport = {
    baseUrl,
    token,
    // Not given: bound to this client's server. null: bound nowhere, so never sent.
    tokenOrigin: options.tokenOrigin === undefined ? new URL(baseUrl).origin : (options.tokenOrigin ?? ''),
    // Called through a wrapper: a bare window.fetch called as a method of another object throws "Illegal invocation".
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const read = retryingReads(options.sleep ?? defaultSleep);
  /** Set once /api/v2/version was read: from then on responses are checked against that edition's schemas. */
  let knownEdition: Edition | undefined;
  const schemas = () => PUSH_SCHEMAS[knownEdition ?? 'unknown'];

  const exchange = (request: ApiRequest): Promise<RawResponse> => send(transport, request);

  const call: Call = async (request, schema) => {
    const sent = exchange(request);
    // Its schema is built while the request is on the wire, not after the answer came (issue 22: a woken
    // service worker's first create built it on the way to the clipboard).
    buildNow(schema);
    const raw = await sent;
    return { data: decode(raw, schema, request.endpoint, hasToken), raw };
  };

  /** Asked once per client (edition() reuses the answer); a failure is not kept, the next call asks again. */
  const version = shared(async () => {
    const given = await options.version?.(baseUrl);
    const info = given ?? (await readVersion({ exchange, read, hasToken }));
    if (!given) options.versionRead?.(baseUrl, info);
    knownEdition = editionOf(info);
    return info;
  });

  function edition(): Promise<Edition> {
    return version().then(editionOf);
  }

  return {
    baseUrl,
    version: () => version(),
    edition,

    async createPush(input, opts = {}) {
      // The edition once known is used as it is: no turn of the event loop before the request (issue 37).
      const body = encodeCreate(createFields(input, knownEdition ?? (await edition())), input.files);
      const request: ApiRequest = {
        endpoint: 'create',
        method: 'POST',
        path: PUSHES_PATH,
        body,
        signal: opts.signal,
      };
      const { data: push } = await call({ ...request, secret: true }, schemas().push);
      return created(push, baseUrl, pageOrigin, linkHome);
    },

    async retrievePush(urlToken, opts = {}) {
      const request = await retrieveRequest(urlToken, opts, edition);
      return (await call(request, schemas().retrieved)).data;
    },

    async deletePush(urlToken) {
      const request: ApiRequest = { endpoint: 'delete', method: 'DELETE', path: pushPath(urlToken) };
      return (await call(request, schemas().deleted)).data;
    },

    ...readMethods({ call, read, schemas, baseUrl }),
  };
}
