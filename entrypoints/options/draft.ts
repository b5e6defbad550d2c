/**
 * The options form's server draft: from saved settings to fields, and back to what lib/connection checks.
 */
import { NO_CHOICE, SELF_HOSTED, type ServerFieldsValue } from '@/components/settings/ServerFields';
import type { ServerDraft } from '@/lib/connection/check';
import { originOf } from '@/lib/connection/token-origin';
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

/** The origin the fields name, while their address is valid. */
function fieldsOrigin(fields: ServerFieldsValue): string | undefined {
  try {
    return originOf(normalizeServerUrl(serverDraft(fields).url));
  } catch {
    return undefined; // not an address yet: no origin, so no saved token belongs to it
  }
}

/**
 * The fields after the user changed `patch`. The saved token belongs to the origin it was saved for: when
 * the fields move to another origin (another hosted server, another self-hosted address) a token field
 * still holding it is emptied, and an empty one gets it back when they return to its origin.
 */
export function changeServerFields(
  fields: ServerFieldsValue,
  patch: Partial<ServerFieldsValue>,
  saved: Pick<Settings, 'token' | 'tokenOrigin'>,
): ServerFieldsValue {
  const next = { ...fields, ...patch };
  const origin = fieldsOrigin(next);
  if (saved.token === null || origin === fieldsOrigin(fields)) return next;
  const token = normalizeToken(next.token);
  if (token === saved.token && origin !== saved.tokenOrigin) return { ...next, token: '' };
  if (token === null && origin === saved.tokenOrigin) return { ...next, token: saved.token };
  return next;
}
