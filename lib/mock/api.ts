/**
 * The /api/v2 endpoints on a push and the lists (docs/api-contract.md §4–§7); create, retrieve and version
 * have their own modules. Each handler reads and writes the store inside engine.serial, so lifecycle changes
 * never interleave.
 */
import { callerEmail, save, viewEnv, type Call, type Engine } from './engine';
import { deletableBy, deletePush, refresh } from './model';
import { PER_PAGE, pageHeaders, pageOf, parsePage } from './pagination';
import { empty, invalidPage, json, notDeletable, notYours, pushNotFound } from './responses';
import { eraseDue } from './sweep';
import { auditView, htmlPath, pushView } from './views';
import type { PushRecord } from './types';

/**
 * Runs `work` one at a time with the other state changes, on the push as it is now: one whose time ran out
 * is expired (and saved) first. 404 when there is no push with that token.
 */
function withCurrentPush(
  engine: Engine,
  call: Call,
  token: string,
  work: (push: PushRecord, now: number) => Promise<Response>,
): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return pushNotFound();
    const refreshed = refresh(stored, now);
    if (refreshed) await save(engine, refreshed, call.visit, now);
    return work(refreshed ?? stored, now);
  });
}

export function preview(engine: Engine, call: Call, token: string): Promise<Response> {
  return withCurrentPush(engine, call, token, async (push) =>
    json(200, { url: engine.pageUrl(htmlPath(push)) }),
  );
}

export function destroy(engine: Engine, call: Call, token: string): Promise<Response> {
  return withCurrentPush(engine, call, token, async (push, now) => {
    const email = callerEmail(call);
    if (!deletableBy(push, email)) return notDeletable();
    const byOwner = email !== null && push.owner === email;
    const env = viewEnv(engine, now);
    if (push.expired) return json(200, pushView(push, env, 'delete', byOwner));
    const deleted = deletePush(push, now);
    await save(engine, deleted, call.visit, now, ['expire']);
    return json(200, pushView(deleted, env, 'delete', byOwner));
  });
}

export function audit(engine: Engine, call: Call, token: string): Promise<Response> {
  const email = callerEmail(call);
  if (email === null) return Promise.resolve(empty(401));
  return withCurrentPush(engine, call, token, async (push) => {
    if (push.owner !== email) return notYours();
    const page = parsePage(call.url.searchParams.get('page'));
    if (page === null) return invalidPage();
    const entries = await engine.store.auditOf(token);
    const headers =
      engine.edition === 'pro' ? pageHeaders(engine.baseUrl, call.url, page, entries.length) : {};
    return json(200, { logs: pageOf(entries, page).map(auditView) }, headers);
  });
}

export function list(engine: Engine, call: Call, which: 'active' | 'expired'): Promise<Response> {
  const email = callerEmail(call);
  if (email === null) return Promise.resolve(empty(401));
  const page = parsePage(call.url.searchParams.get('page'));
  if (page === null) return Promise.resolve(invalidPage());
  return engine.serial(async () => {
    const now = engine.clock();
    // A push whose time is up is listed as expired: what refresh() would do to each of the owner's pushes
    // (the views-spent case cannot be stored live: claimView erases on the last view).
    await eraseDue(engine.store, now);
    const { total, pushes } = await engine.store.listPage(email, which, (page - 1) * PER_PAGE, PER_PAGE);
    const env = viewEnv(engine, now);
    const headers = engine.edition === 'pro' ? pageHeaders(engine.baseUrl, call.url, page, total) : {};
    return json(
      200,
      pushes.map((push) => pushView(push, env, 'list')),
      headers,
    );
  });
}
