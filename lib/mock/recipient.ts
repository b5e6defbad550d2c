/**
 * What a recipient's browser gets: the push page (/p/:token, /p/:token/r), its form posts (reveal with an
 * optional passphrase, delete) and the file downloads. Pages never authenticate: every reveal is a
 * counted view, as for any recipient. They share the API's per-push passphrase limiter.
 */
import { parseBody } from './body';
import { asString, field } from './coerce';
import { save, type Call, type Engine } from './engine';
import {
  claimView,
  deletePush,
  failedView,
  passphraseMatches,
  refresh,
  refreshByTime,
  viewsLeft,
} from './model';
import {
  deletedPage,
  expiredPage,
  interstitialPage,
  notDeletablePage,
  notFoundPage,
  passphrasePage,
  secretPage,
  tooManyAttemptsPage,
} from './page';
import { downloadPath } from './views';
import type { PushRecord } from './types';

/** GET /p/:token/r shows the interstitial; GET /p/:token reveals at once unless a passphrase is needed. */
export function showPage(engine: Engine, call: Call, token: string, step: boolean): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return notFoundPage();
    const push = refresh(stored, now) ?? stored;
    if (push.expired) return expiredVisit(engine, call, push, now);
    if (push !== stored) await save(engine, push, call.visit, now);
    if (step) return interstitialPage(push.url_token, viewsLeft(push));
    if (push.passphrase !== null) return passphrasePage(push.url_token, false);
    return reveal(engine, call, push, now);
  });
}

/** POST /p/:token (the reveal button or the passphrase form). */
export async function revealPage(engine: Engine, call: Call, token: string): Promise<Response> {
  const body = await parseBody(call.request, engine.maxBodyBytes);
  const given = body.ok ? (asString(field(body.params, 'passphrase')) ?? '') : '';
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return notFoundPage();
    if (given !== '' && !engine.passphraseAttempt(token, now)) return tooManyAttemptsPage();
    const push = refresh(stored, now) ?? stored;
    if (push.expired) return expiredVisit(engine, call, push, now);
    if (push.passphrase !== null) {
      if (given === '') {
        if (push !== stored) await save(engine, push, call.visit, now);
        return passphrasePage(push.url_token, false);
      }
      if (!passphraseMatches(push, given)) {
        await save(engine, push, call.visit, now, ['failed_passphrase']);
        return passphrasePage(push.url_token, true);
      }
    }
    return reveal(engine, call, push, now);
  });
}

/** POST /p/:token/delete: the "Delete this secret" button, like DELETE by a viewer. */
export function deleteFromPage(engine: Engine, call: Call, token: string): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return notFoundPage();
    const push = refresh(stored, now) ?? stored;
    if (push !== stored) await save(engine, push, call.visit, now);
    if (push.deletable_by_viewer !== true) return notDeletablePage();
    if (push.expired) return expiredPage();
    await save(engine, deletePush(push, now), call.visit, now, ['expire']);
    return deletedPage();
  });
}

/** GET /downloads/:id/:name: the bytes while the push lives (spent views keep them until the next access). */
export function download(engine: Engine, call: Call, id: string): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const file = await engine.store.getFile(id);
    const stored = file ? await engine.store.getPush(file.url_token) : undefined;
    if (!file || !stored || stored.expired) return notFoundPage();
    const expired = refreshByTime(stored, now);
    if (expired) {
      await save(engine, expired, call.visit, now);
      return notFoundPage();
    }
    return new Response(file.data, {
      status: 200,
      headers: {
        'Content-Type': file.content_type,
        'Content-Disposition': disposition(file.filename),
        'Content-Length': String(file.data.byteLength),
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}

/** RFC 6266: an ASCII fallback plus the exact name as filename*. */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function expiredVisit(engine: Engine, call: Call, push: PushRecord, now: number): Promise<Response> {
  await save(engine, failedView(push), call.visit, now, ['failed_view']);
  return expiredPage();
}

async function reveal(engine: Engine, call: Call, push: PushRecord, now: number): Promise<Response> {
  const claim = claimView(push, false, now);
  await save(engine, claim.stored, call.visit, now, [claim.kind]);
  const shown = claim.shown;
  return secretPage({
    token: shown.url_token,
    kind: shown.kind,
    payload: shown.payload,
    files: shown.files.map((file) => ({ filename: file.filename, url: engine.pageUrl(downloadPath(file)) })),
    viewsLeft: viewsLeft(shown),
    deletable: shown.deletable_by_viewer === true && !claim.stored.expired,
  });
}
