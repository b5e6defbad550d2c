/**
 * createMockBackend: one fetch-style handler for the whole service. It applies the per-address limit,
 * routes, authenticates, and turns any unexpected exception into a 500 so the next request still works.
 */
import { audit, destroy, list, preview } from './api';
import { retrieve } from './retrieve';
import { version } from './version';
import { accountsOf, identify } from './auth';
import { create } from './create';
import { defaultRandom } from './encoding';
import { createSerial } from '@/lib/async';
import { visitOf, type Call, type Engine } from './engine';
import { eraseDue } from './sweep';
import { createAddressLimiter, createAttemptLimiter } from './ratelimit';
import { download } from './download';
import { deleteFromPage, revealPage, showPage } from './recipient';
import { empty, internalError, retryLater, routeNotFound } from './responses';
import { matchRoute, type Route } from './routes';
import type { MockBackendOptions, MockHandler } from './options';

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

/** The mock secret-push service as `(Request, {ip}) => Promise<Response>`; see docs/api-contract.md. */
export function createMockBackend(options: MockBackendOptions): MockHandler {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const engine: Engine = {
    store: options.store,
    edition: options.edition ?? 'pro',
    baseUrl,
    pageUrl: options.pageUrl ?? ((path) => baseUrl + path),
    clock: options.clock ?? Date.now,
    random: options.random ?? defaultRandom,
    accounts: accountsOf(options.users ?? []),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    maxStoredBytes: options.maxStoredBytes ?? Infinity,
    passphraseAttempt: createAttemptLimiter(),
    serial: createSerial(),
  };
  const addressLimit = createAddressLimiter(options.rateLimit ?? 120);
  const logError = options.logError ?? ((line: string) => console.error(line));

  return async (request, info) => {
    let route: Route | null = null;
    try {
      const ip = info?.ip || '127.0.0.1';
      const limited = addressLimit(ip, engine.clock());
      if (!limited.ok) return retryLater(limited.retryAfter);
      // Pushes whose time is up are erased now, not when someone next reads or lists them.
      await engine.serial(() => expireDue(engine));
      const url = new URL(request.url);
      route = matchRoute(request.method.toUpperCase(), url.pathname);
      if (!route) return routeNotFound();
      const call: Call = { request, url, visit: visitOf(request, ip), caller: { kind: 'anonymous' } };
      return await dispatch(engine, call, route);
    } catch (error) {
      // A bug or a storage failure: answer this request with a 500 and keep serving the next one.
      logError(describeFailure(request.method, route, error));
      return internalError();
    }
  };
}

/** Erases every push whose expiry instant has passed, with no audit entry (as refresh() on a read). */
function expireDue(engine: Engine): Promise<number> {
  return eraseDue(engine.store, engine.clock());
}

/**
 * The log line of a failure: method, route name and the error's class. Never the path (a url_token is the
 * key to a secret), the query (a passphrase may travel there), the body, or the error's message (a storage
 * error may quote the record it failed on).
 */
function describeFailure(method: string, route: Route | null, error: unknown): string {
  const kind = error instanceof Error ? error.name : typeof error;
  return `mock backend: ${method.toUpperCase().slice(0, 16)} ${route?.name ?? 'request'} failed (${kind})`;
}

type OnPush = (engine: Engine, call: Call, token: string) => Promise<Response>;

/** The API routes that act on one push, by route name (after the caller is known). */
const ON_PUSH: Record<'retrieve' | 'delete' | 'preview' | 'audit', OnPush> = {
  retrieve,
  delete: destroy,
  preview,
  audit,
};

async function dispatch(engine: Engine, call: Call, route: Route): Promise<Response> {
  switch (route.name) {
    case 'version':
      return version(engine); // public, even with a bad token
    case 'page':
      return showPage(engine, call, route.token, route.step);
    case 'page-reveal':
      return revealPage(engine, call, route.token);
    case 'page-delete':
      return deleteFromPage(engine, call, route.token);
    case 'download':
      return download(engine, call, route.id);
  }
  call.caller = identify(call.request.headers, engine.accounts);
  if (call.caller.kind === 'rejected') return empty(401);
  if (route.name === 'create') return create(engine, call);
  if (route.name === 'active' || route.name === 'expired') return list(engine, call, route.name);
  return ON_PUSH[route.name](engine, call, route.token);
}
