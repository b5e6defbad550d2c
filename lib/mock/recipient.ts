/**
 * What a recipient's browser gets: the push page (/p/:token, /p/:token/r), its form posts (reveal with an
 * optional passphrase, delete); the file downloads are download.ts's. Pages never authenticate: every reveal is a
 * counted view, as for any recipient. They share the API's per-push passphrase limiter.
 *
 * authenticated_recipients (pro): the real server mails a code to the address given on the page. The mock
 * sends no mail, so its page asks for the address and accepts one listed in notify_emails_to; any other
 * address is refused with nothing counted. The demo service's own recipient page (the extension's viewer)
 * posts the same form with `Accept: application/json` and gets the API's retrieve answers (answers.ts).
 */
import { answersFor, htmlAnswers, jsonAnswers, type Answers } from './answers';
import { parseBody } from './body';
import { asString, field } from './coerce';
import { save, type Call, type Engine } from './engine';
import { claimView, deletePush, failedView, passphraseMatches, refresh, viewsLeft } from './model';
import { badFormPage, deletedPage, expiredPage, notDeletablePage, notFoundPage } from './notice-pages';
import { interstitialPage, passphrasePage, recipientPage } from './page';
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
    if (needsVerifiedRecipient(engine, push)) return recipientPage(push.url_token, false);
    if (push.passphrase !== null) return passphrasePage(push.url_token, false);
    return reveal(engine, call, push, now, htmlAnswers);
  });
}

/** As the API decides (403 on retrieve): pro pushes with authenticated_recipients. */
function needsVerifiedRecipient(engine: Engine, push: PushRecord): boolean {
  return engine.edition === 'pro' && push.authenticated_recipients;
}

/** The mock's stand-in for the mailed code: the address is one the sender listed (case-insensitive). */
function isListedRecipient(push: PushRecord, email: string): boolean {
  const given = email.trim().toLowerCase();
  if (given === '' || push.notify_emails_to === null) return false;
  return push.notify_emails_to.split(',').some((address) => address.trim().toLowerCase() === given);
}

/** POST /p/:token (the reveal button, the recipient's address or the passphrase form). */
export async function revealPage(engine: Engine, call: Call, token: string): Promise<Response> {
  const answers = answersFor(call.request);
  const body = await parseBody(call.request, engine.maxBodyBytes);
  // Refused before anything is counted, as Rails answers 400/413 before the controller runs: a broken or
  // oversized form post must not use a view.
  if (!body.ok) return answers === jsonAnswers ? body.response : badFormPage(body.response.status);
  const given = asString(field(body.params, 'passphrase')) ?? '';
  const email = (asString(field(body.params, 'email')) ?? '').trim();
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return answers.notFound();
    const push = refresh(stored, now) ?? stored;
    const verified = needsVerifiedRecipient(engine, push) ? email : undefined;
    // Before anything is counted (a view, a passphrase attempt): an unlisted address learns nothing more.
    if (!push.expired && verified !== undefined && !isListedRecipient(push, verified)) {
      if (push !== stored) await save(engine, push, call.visit, now);
      return answers.recipient(push.url_token, verified !== '');
    }
    if (given !== '' && !engine.passphraseAttempt(token, now)) return answers.tooManyAttempts();
    if (push.expired) return expiredVisit(engine, call, push, now, answers);
    if (push.passphrase !== null) {
      if (given === '') {
        if (push !== stored) await save(engine, push, call.visit, now);
        return answers.passphrase(push.url_token, false, verified);
      }
      if (!passphraseMatches(push, given)) {
        await save(engine, push, call.visit, now, ['failed_passphrase']);
        return answers.passphrase(push.url_token, true, verified);
      }
    }
    return reveal(engine, call, push, now, answers);
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

async function expiredVisit(
  engine: Engine,
  call: Call,
  push: PushRecord,
  now: number,
  answers: Answers = htmlAnswers,
): Promise<Response> {
  const counted = failedView(push);
  await save(engine, counted, call.visit, now, ['failed_view']);
  return answers.expired(counted, engine, now);
}

async function reveal(
  engine: Engine,
  call: Call,
  push: PushRecord,
  now: number,
  answers: Answers,
): Promise<Response> {
  const claim = claimView(push, false, now);
  // Build the answer first: whatever can fail (drawing a QR code, rendering) fails before the view is
  // counted, so a failure never uses up a view (a 1-view secret would be lost without being seen).
  const response = await answers.shown(claim.shown, !claim.stored.expired, engine, now);
  await save(engine, claim.stored, call.visit, now, [claim.kind]);
  return response;
}
