import type { z } from 'zod';
import { shared } from '../async';
import { AppError } from '../errors';
import { createFields, encodeCreate } from './create';
import { editionOf } from './edition';
import { toPage, walkPages } from './pagination';
import {
  ACTIVE_PATH,
  EXPIRED_PATH,
  PUSHES_PATH,
  V1_VERSION_PATH,
  VERSION_PATH,
  auditPath,
  checkPage,
  previewPath,
  pushPath,
} from './paths';
import { decode, readBody } from './responses';
import { PUSH_SCHEMAS, auditSchema, previewSchema, versionSchema, type VersionInfo } from './schemas';
import { send, type ApiRequest, type Endpoint, type RawResponse } from './transport';
import type { ApiClient, ApiClientOptions, Edition } from './types';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Reads wait out a 429 at most this often, and only for this long each time. */
const MAX_READ_RETRIES = 2;
const MAX_RETRY_AFTER_S = 30;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `https://host/prefix/` → `https://host/prefix`; anything but http(s) is refused. */
function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    throw new AppError('validation', 'The server address is not a URL.', {
      fields: { baseUrl: ['is not a URL'] },
      cause: error,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation', 'The server address must start with https://.', {
      fields: { baseUrl: ['must be an http or https URL'] },
    });
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
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

/** A passphrase fits a header only as printable ASCII without edge spaces (fetch trims header values). */
const headerSafe = (value: string) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);

/**
 * The typed client of one server. Every response is validated (schemas.ts) and every failure is an
 * AppError (responses.ts). Writes and retrievals are sent exactly once; reads wait out short rate limits.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const token = options.token ? options.token : null;
  const hasToken = token !== null;
  const pageOrigin = options.pageOrigin ?? new URL(baseUrl).origin;
  const sleep = options.sleep ?? defaultSleep;
  const transport = {
    baseUrl,
    token,
    // Called through a wrapper: a bare window.fetch called as a method of another object throws "Illegal invocation".
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  /** Set once /api/v2/version was read: from then on responses are checked against that edition's schemas. */
  let knownEdition: Edition | undefined;
  const schemas = () => PUSH_SCHEMAS[knownEdition ?? 'unknown'];

  const exchange = (request: ApiRequest): Promise<RawResponse> => send(transport, request);

  async function call<S extends z.ZodType>(
    request: ApiRequest,
    schema: S,
  ): Promise<{ data: z.infer<S>; raw: RawResponse }> {
    const raw = await exchange(request);
    return { data: decode(raw, schema, request.endpoint, hasToken), raw };
  }

  /** A read: safe to repeat, so a short Retry-After is waited out (at most twice). */
  async function read<T>(attempt: () => Promise<T>): Promise<T> {
    for (let retries = 0; ; retries++) {
      try {
        return await attempt();
      } catch (error) {
        const wait =
          error instanceof AppError && error.code === 'rate-limited' ? error.retryAfter : undefined;
        if (wait === undefined || wait > MAX_RETRY_AFTER_S || retries >= MAX_READ_RETRIES) throw error;
        await sleep(wait * 1000);
      }
    }
  }

  /** After a 404 on /api/v2/version: a server with only v1 is too old; anything else is not ours. */
  async function probeV1(): Promise<AppError> {
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

  function readVersion(): Promise<VersionInfo> {
    return read(async () => {
      // No token: the version call is how an unknown address is checked, and it needs none.
      const raw = await exchange({ endpoint: 'version', method: 'GET', path: VERSION_PATH, anonymous: true });
      if (raw.status === 404) throw await probeV1();
      if (raw.status >= 200 && raw.status < 300) {
        const json = readBody(raw).json;
        if (json !== undefined && !looksLikeVersion(json))
          throw new AppError('not-secret-push', 'The server answered JSON that is not a version.', {
            status: raw.status,
          });
      }
      const info = decode(raw, versionSchema, 'version', hasToken);
      knownEdition = editionOf(info);
      return info;
    });
  }

  /** Asked once per client (edition() reuses the answer); a failure is not kept, the next call asks again. */
  const version = shared(readVersion);

  function edition(): Promise<Edition> {
    return version().then(editionOf);
  }

  async function listPage(endpoint: Endpoint, path: string, page: number) {
    checkPage(page);
    return read(async () => {
      const { data, raw } = await call(
        { endpoint, method: 'GET', path, query: { page: String(page) } },
        schemas().list,
      );
      return toPage(data, page, raw.headers, baseUrl);
    });
  }

  const client: ApiClient = {
    baseUrl,
    version: () => version(),
    edition,

    async createPush(input, opts = {}) {
      const body = encodeCreate(createFields(input, await edition()), input.files);
      const request: ApiRequest = {
        endpoint: 'create',
        method: 'POST',
        path: PUSHES_PATH,
        body,
        signal: opts.signal,
      };
      const { data: push } = await call({ ...request, secret: true }, schemas().push);
      const origin = new URL(push.html_url, baseUrl).origin;
      if (origin === pageOrigin) return { push };
      const warning = new AppError('host-mismatch', `The push link points to ${origin}, not ${pageOrigin}.`);
      return { push, warning: warning.toJSON() };
    },

    async retrievePush(urlToken, opts = {}) {
      const request: ApiRequest = {
        endpoint: 'retrieve',
        method: 'GET',
        path: pushPath(urlToken),
        signal: opts.signal,
      };
      const passphrase = opts.passphrase;
      if (passphrase) {
        request.secret = true;
        // pro reads X-Passphrase first and the query second; oss reads only the query (contract §5). The
        // header keeps the passphrase out of proxy logs, when its characters survive a header.
        if ((await edition()) === 'pro' && headerSafe(passphrase))
          request.headers = { 'X-Passphrase': passphrase };
        else request.query = { passphrase };
      }
      return (await call(request, schemas().retrieved)).data;
    },

    async previewPush(urlToken) {
      const path = previewPath(urlToken);
      return read(async () => {
        const { data } = await call({ endpoint: 'preview', method: 'GET', path }, previewSchema);
        return { url: data.url };
      });
    },

    async auditPage(urlToken, page = 1) {
      const path = auditPath(urlToken);
      checkPage(page);
      return read(async () => {
        const { data, raw } = await call(
          { endpoint: 'audit', method: 'GET', path, query: { page: String(page) } },
          auditSchema,
        );
        return toPage(data.logs, page, raw.headers, baseUrl);
      });
    },

    auditAll(urlToken) {
      return walkPages((page) => client.auditPage(urlToken, page));
    },

    async deletePush(urlToken) {
      const request: ApiRequest = { endpoint: 'delete', method: 'DELETE', path: pushPath(urlToken) };
      return (await call(request, schemas().deleted)).data;
    },

    activePage: (page = 1) => listPage('active', ACTIVE_PATH, page),
    expiredPage: (page = 1) => listPage('expired', EXPIRED_PATH, page),
    activeAll: () => walkPages((page) => listPage('active', ACTIVE_PATH, page)),
    expiredAll: () => walkPages((page) => listPage('expired', EXPIRED_PATH, page)),
  };
  return client;
}
