/**
 * GET /api/v2/pushes/:token: the API's retrieve, which counts a view (docs/api-contract.md §5). It reads and
 * writes the store inside engine.serial, so two retrieves never claim the same last view.
 */
import { callerEmail, save, viewEnv, type Call, type Engine } from './engine';
import { claimView, failedView, passphraseMatches, refresh } from './model';
import {
  json,
  passphraseRequired,
  pushNotFound,
  recipientVerification,
  tooManyPassphraseAttempts,
} from './responses';
import { retrievedView } from './views';

/** pro reads X-Passphrase first, then ?passphrase=; oss only the query. Blank means none. */
function givenPassphrase(engine: Engine, call: Call): string | null {
  const header = engine.edition === 'pro' ? call.request.headers.get('x-passphrase') : null;
  const value = header || call.url.searchParams.get('passphrase');
  return value ? value : null;
}

export function retrieve(engine: Engine, call: Call, token: string): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const stored = await engine.store.getPush(token);
    if (!stored) return pushNotFound();
    const passphrase = givenPassphrase(engine, call);
    if (passphrase !== null && !engine.passphraseAttempt(token, now)) return tooManyPassphraseAttempts();
    const push = refresh(stored, now) ?? stored;
    const env = viewEnv(engine, now);
    if (push.expired) {
      // Expired pushes skip the passphrase check; the attempt is a counted failed_view.
      const counted = failedView(push);
      await save(engine, counted, call.visit, now, ['failed_view']);
      return json(200, retrievedView(counted, env));
    }
    if (engine.edition === 'pro' && push.authenticated_recipients) {
      if (push !== stored) await save(engine, push, call.visit, now);
      return recipientVerification();
    }
    if (!passphraseMatches(push, passphrase)) {
      await save(engine, push, call.visit, now, ['failed_passphrase']);
      return passphraseRequired();
    }
    const claim = claimView(push, push.owner !== undefined && push.owner === callerEmail(call), now);
    await save(engine, claim.stored, call.visit, now, [claim.kind]);
    return json(200, retrievedView(claim.shown, env));
  });
}
