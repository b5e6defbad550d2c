/**
 * How a recipient's reveal answers: the HTML pages for a browser, or the API's JSON answers for the demo
 * service's own recipient page (the extension's viewer), which asks with `Accept: application/json`.
 */
import { viewEnv, type Engine } from './engine';
import { viewsLeft } from './model';
import { expiredPage, notFoundPage, tooManyAttemptsPage } from './notice-pages';
import { passphrasePage, recipientPage } from './page';
import { json, passphraseRequired, pushNotFound, tooManyPassphraseAttempts } from './responses';
import { secretPage } from './secret-page';
import type { PushRecord } from './types';
import { downloadPath, retrievedView } from './views';

/** How a reveal answers: the HTML pages, or the API's JSON for the demo's own page. */
export interface Answers {
  notFound(): Promise<Response>;
  tooManyAttempts(): Promise<Response>;
  expired(push: PushRecord, engine: Engine, now: number): Promise<Response>;
  recipient(token: string, wrong: boolean): Promise<Response>;
  passphrase(token: string, wrong: boolean, email: string | undefined): Promise<Response>;
  shown(shown: PushRecord, stillLive: boolean, engine: Engine, now: number): Promise<Response>;
}

export const htmlAnswers: Answers = {
  notFound: notFoundPage,
  tooManyAttempts: tooManyAttemptsPage,
  expired: () => expiredPage(),
  recipient: (token, wrong) => recipientPage(token, wrong),
  passphrase: (token, wrong, email) => passphrasePage(token, wrong, email),
  shown: (shown, stillLive, engine) =>
    secretPage({
      token: shown.url_token,
      kind: shown.kind,
      payload: shown.payload,
      files: shown.files.map((file) => ({
        filename: file.filename,
        url: engine.pageUrl(downloadPath(file)),
      })),
      viewsLeft: viewsLeft(shown),
      deletable: shown.deletable_by_viewer === true && stillLive,
    }),
};

export const jsonAnswers: Answers = {
  notFound: async () => pushNotFound(),
  tooManyAttempts: async () => tooManyPassphraseAttempts(),
  expired: async (push, engine, now) => json(200, retrievedView(push, viewEnv(engine, now))),
  recipient: async (_token, wrong) =>
    json(403, {
      error: wrong
        ? 'That e-mail address is not a recipient of this push.'
        : 'This push requires recipient verification in a browser.',
    }),
  passphrase: async () => passphraseRequired(),
  shown: async (shown, _stillLive, engine, now) => json(200, retrievedView(shown, viewEnv(engine, now))),
};

export function answersFor(request: Request): Answers {
  return /\bapplication\/json\b/i.test(request.headers.get('accept') ?? '') ? jsonAnswers : htmlAnswers;
}
