/** What every handler shares: the configured service, one request's context and the write helper. */
import type { Serial } from '@/lib/async';
import type { Account, Caller } from './auth';
import type { Random } from './encoding';
import { keepsFiles, type Visit } from './model';
import type { MockStore } from './store';
import type { AuditKind, Edition, PushRecord } from './types';
import type { ViewEnv } from './views';

export interface Engine {
  store: MockStore;
  edition: Edition;
  baseUrl: string;
  pageUrl: (path: string) => string;
  clock: () => number;
  random: Random;
  accounts: Account[];
  maxBodyBytes: number;
  /** The most file bytes kept at once (Infinity: no cap). */
  maxStoredBytes: number;
  /** Per-push passphrase attempts (shared by the API and the page): false when over the limit. */
  passphraseAttempt: (urlToken: string, now: number) => boolean;
  /** Runs state changes one at a time, so two requests never claim the same last view. */
  serial: Serial;
}

export interface Call {
  request: Request;
  url: URL;
  visit: Visit;
  caller: Caller;
}

export function viewEnv(engine: Engine, now: number): ViewEnv {
  return { edition: engine.edition, now, baseUrl: engine.baseUrl, pageUrl: engine.pageUrl };
}

export function callerEmail(call: Call): string | null {
  return call.caller.kind === 'user' ? call.caller.account.email : null;
}

/** Stores the push with its new audit entries; an expired push's file bytes are deleted with it. */
export function save(engine: Engine, push: PushRecord, visit: Visit, now: number, kinds: AuditKind[] = []) {
  return engine.store.commit({
    push,
    audit: kinds.map((kind) => ({ url_token: push.url_token, kind, ...visit, created_at: now })),
    eraseFiles: push.expired && !keepsFiles(push),
  });
}

export function visitOf(request: Request, ip: string): Visit {
  const cut = (value: string) => value.slice(0, 255);
  const referrer = request.headers.get('referer');
  return {
    ip,
    user_agent: cut(request.headers.get('user-agent') ?? ''),
    referrer: referrer === null ? null : cut(referrer),
  };
}
