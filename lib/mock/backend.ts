/**
 * createMockBackend: one fetch-style handler for the whole service. It applies the per-address limit,
 * routes, authenticates, and turns any unexpected exception into a 500 so the next request still works.
 */
import { audit, destroy, list, preview, retrieve, version } from './api';
import { accountsOf, identify } from './auth';
import { create } from './create';
import { defaultRandom } from './encoding';
import { createSerial, visitOf, type Call, type Engine } from './engine';
import { createAddressLimiter, createAttemptLimiter } from './ratelimit';
import { deleteFromPage, download, revealPage, showPage } from './recipient';
import { empty, internalError, retryLater, routeNotFound } from './responses';
import { matchRoute, type Route } from './routes';
import type { MockBackendOptions, MockHandler } from './types';

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
    passphraseAttempt: createAttemptLimiter(),
    serial: createSerial(),
  };
  const addressLimit = createAddressLimiter(options.rateLimit ?? 120);

  return async (request, info) => {
    try {
      const ip = info?.ip || '127.0.0.1';
      const limited = addressLimit(ip, engine.clock());
      if (!limited.ok) return retryLater(limited.retryAfter);
      const url = new URL(request.url);
      const route = matchRoute(request.method.toUpperCase(), url.pathname);
      if (!route) return routeNotFound();
      const call: Call = { request, url, visit: visitOf(request, ip), caller: { kind: 'anonymous' } };
      return await dispatch(engine, call, route);
    } catch (error) {
      // A bug or a storage failure: answer this request with a 500 and keep serving the next one.
      console.error('mock backend: unexpected error', error);
      return internalError();
    }
  };
}

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
  switch (route.name) {
    case 'create':
      return create(engine, call);
    case 'retrieve':
      return retrieve(engine, call, route.token);
    case 'delete':
      return destroy(engine, call, route.token);
    case 'preview':
      return preview(engine, call, route.token);
    case 'audit':
      return audit(engine, call, route.token);
    case 'active':
    case 'expired':
      return list(engine, call, route.name);
  }
}
