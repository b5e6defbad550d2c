/**
 * The options form's server draft: from saved settings to fields, and back to what lib/connection checks.
 */
import { NO_CHOICE, SELF_HOSTED, type ServerFieldsValue } from '@/components/settings/ServerFields';
import type { ServerDraft } from '@/lib/connection/check';
import { hostedServer, normalizeServerUrl, normalizeToken, tokenPageUrl } from '@/lib/store/rules';
import type { Settings } from '@/lib/store/settings';

export function serverFieldsFrom(settings: Settings): ServerFieldsValue {
  const url = settings.server?.url;
  const hosted = url !== undefined && hostedServer(url) !== undefined;
  return {
    // No server saved yet: nothing chosen, so saving only the defaults does not pick one by accident.
    choice: hosted ? url : url ? SELF_HOSTED : NO_CHOICE,
    customUrl: hosted ? '' : (url ?? ''),
    token: settings.token ?? '',
    tokenPlace: settings.tokenPlace,
  };
}

export function serverDraft(fields: ServerFieldsValue): ServerDraft {
  return {
    url: fields.choice === SELF_HOSTED ? fields.customUrl : fields.choice,
    token: fields.token,
    tokenPlace: fields.tokenPlace,
  };
}

/** True when the fields name another server or token than the saved ones (an invalid address counts). */
export function serverChanged(fields: ServerFieldsValue, settings: Settings): boolean {
  const draft = serverDraft(fields);
  if (!settings.server && draft.url.trim() === '' && normalizeToken(draft.token) === null) return false;
  if (normalizeToken(draft.token) !== settings.token) return true;
  try {
    return normalizeServerUrl(draft.url) !== settings.server?.url;
  } catch {
    return true; // an address that does not validate is a change; saving it reports the problem
  }
}

/** The token page of the server in the fields, while its address is valid. */
export function tokenPageFor(fields: ServerFieldsValue): string | undefined {
  try {
    return tokenPageUrl(normalizeServerUrl(serverDraft(fields).url));
  } catch {
    return undefined; // no link until the address is valid; the field shows why on Save
  }
}
