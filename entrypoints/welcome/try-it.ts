/**
 * "Try it": one sample push through the popup's own create path (its context, form core and sendForm), so
 * what a new user sees is what the popup does, then its link opened in a tab of its own. The sample
 * expires after that one view.
 */
import { AppError } from '@/lib/errors';
import { formReducer, initForm } from '@/lib/push/form';
import { loadPopupContext } from '../popup/context';

/** Creates a text push of `secret` and opens its link; resolves with the link once its tab is open. */
export async function tryIt(secret: string): Promise<string> {
  const context = await loadPopupContext();
  // No passphrase even if the defaults ask for one: the sample shows the secret at once, as a first look.
  const fresh = initForm({
    defaults: context.defaults,
    edition: context.edition ?? 'pro',
    signedIn: context.signedIn,
  });
  const filled = formReducer(fresh, { type: 'payload', value: secret });
  // One view, whatever the defaults: the sample is seen once in the tab opened for it, and its payload is
  // then erased from the demo service's database instead of waiting days for its expiry (issue 18).
  const once = formReducer(filled, { type: 'options', patch: { expireAfterViews: 1 } });
  const form = formReducer(once, { type: 'submit' });
  if (form.status !== 'sending')
    throw new AppError('internal', 'The sample push did not pass the form checks.');
  const { sendForm } = await import('../popup/connect');
  const sent = await sendForm(form, { signal: new AbortController().signal, onProgress: () => undefined });
  if (!sent.link.ok) throw new AppError(sent.link.code, sent.link.message);
  await browser.tabs.create({ url: sent.link.url, active: true });
  return sent.link.url;
}
