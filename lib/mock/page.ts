/**
 * The recipient's pages before the secret: the interstitial, the passphrase form and the recipient check.
 * Plain forms, no script; every control has an accessible name (browser tests find them by role).
 */
import { escapeHtml, htmlPage } from './html';

export const views = (left: number) => `${left} ${left === 1 ? 'view' : 'views'} remaining`;

export function interstitialPage(token: string, viewsLeft: number): Promise<Response> {
  return htmlPage(
    200,
    'You have received a secret',
    `<h1>You have received a secret</h1>
<p>Revealing it uses one view (${views(viewsLeft)}). Reveal it only when you are ready to copy it.</p>
<form method="post" action="/p/${token}"><button type="submit">Reveal secret</button></form>`,
  );
}

/** email: the verified recipient's address, carried along (the mock keeps no session). */
export function passphrasePage(token: string, wrong: boolean, email?: string): Promise<Response> {
  const error = wrong ? '<p class="error" role="alert">That passphrase is incorrect.</p>' : '';
  const carried =
    email === undefined ? '' : `<input type="hidden" name="email" value="${escapeHtml(email)}">`;
  return htmlPage(
    200,
    'Passphrase required',
    `<h1>This secret is protected by a passphrase</h1>${error}
<form method="post" action="/p/${token}">${carried}<p><label for="passphrase">Passphrase</label>
<input id="passphrase" name="passphrase" type="password" autocomplete="off" required autofocus></p>
<button type="submit">Unlock secret</button></form>`,
  );
}

/** The mock stands in for the server's e-mailed code, and says so. */
export const NO_MAIL_NOTE =
  'This mock service sends no code by e-mail: entering an address the sender listed is enough here.';
export const NOT_A_RECIPIENT =
  'That address is not one this secret was shared with. Nothing was revealed and no view was counted.';

/** authenticated_recipients: the address comes first; only one the sender listed can reveal. */
export function recipientPage(token: string, wrong: boolean): Promise<Response> {
  const error = wrong ? `<p class="error" role="alert">${NOT_A_RECIPIENT}</p>` : '';
  return htmlPage(
    200,
    'Confirm your e-mail address',
    `<h1>This secret is for its intended recipients</h1>
<p>The sender shared it with specific e-mail addresses. Revealing it uses one view.</p>
<p>${NO_MAIL_NOTE}</p>${error}
<form method="post" action="/p/${token}"><p><label for="email">Your e-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus></p>
<button type="submit">Reveal secret</button></form>`,
  );
}
