/**
 * From the form's state to the create request lib/api sends.
 */
import type { FormState } from './types';
import type { CreatePushInput, Edition } from '@/lib/api';
import { splitEmails } from './validate';
import { wifiPayload } from './wifi';

function payloadOf(state: FormState): string | undefined {
  switch (state.kind) {
    case 'text':
      return state.payload;
    case 'url':
      return state.url.trim();
    case 'qr':
      return state.qrSource === 'wifi' ? wifiPayload(state.wifi) : state.qrText;
    case 'file':
      return undefined;
  }
}

/** The create request for lib/api, with the expiry field the edition understands. */
export function toCreateInput(state: FormState, edition: Edition = state.edition): CreatePushInput {
  const { options } = state;
  const input: CreatePushInput = { kind: state.kind };
  const payload = payloadOf(state);
  if (payload !== undefined) input.payload = payload;
  if (state.kind === 'file') {
    input.files = state.files.map(({ name, type, data }) => ({
      name,
      type: type || 'application/octet-stream',
      data,
    }));
  }
  if (edition === 'pro') input.expire_after_duration = options.expireAfterDuration;
  else input.expire_after_days = options.expireAfterDays;
  input.expire_after_views = options.expireAfterViews;
  if (options.passphrase !== '') input.passphrase = options.passphrase;
  if (options.name.trim() !== '') input.name = options.name;
  if (options.note.trim() !== '') input.note = options.note;
  input.deletable_by_viewer = options.deletableByViewer;
  input.retrieval_step = options.retrievalStep;
  const emails = splitEmails(options.notifyEmailsTo);
  if (emails.length) {
    input.notify_emails_to = emails.join(',');
    input.notify_emails_to_locale = options.notifyEmailsToLocale;
  }
  if (options.authenticatedRecipients) input.authenticated_recipients = true;
  return input;
}
