/**
 * PROMISE (issue 18): the options form knows which saved server its fields came from, and a token field
 * never moves to another origin. This is the form's logic, pure, so the model-based test drives it with
 * the settings model: the fields start from one saved server (or a new one), follow what is typed, and are
 * reset from the saved server whenever what they came from changes (Make default, Edit another, Remove,
 * Add, demo on or off, a policy arriving or changing, another tab saving).
 */
import {
  fixedTokenPlace,
  hostedServer,
  normalizeServerUrl,
  normalizeToken,
  serversLocked,
  settingsFor,
  tokenPageUrl,
} from './model';
import type { ServerProfile, Settings, TokenPlace } from './values';

/** The choice value meaning "the address typed in Server URL". */
export const SELF_HOSTED = 'self-hosted';
/** The choice value while no server has been picked (fresh install, demo mode). */
export const NO_CHOICE = '';

export interface ServerFieldsValue {
  /** A hosted server's URL, SELF_HOSTED or NO_CHOICE. */
  choice: string;
  customUrl: string;
  token: string;
  tokenPlace: TokenPlace;
}

/** The server part of the options form. */
export interface ServerForm {
  /** The fields are shown (a new server, or Edit on a saved one); Connect folds them into the list. */
  open: boolean;
  /** The saved server the fields came from; null: a server not saved yet. */
  source: string | null;
  /** What the fields were last reset from (basisOf): when it changes, they are reset again. */
  basis: string;
  fields: ServerFieldsValue;
  /** The origin the token field's value belongs to (saved for, or typed for); undefined: not known yet. */
  tokenFor?: string;
}

/** The saved server `source` as the settings in force show it; undefined when it is not among them. */
function savedProfile(settings: Settings, source: string | null) {
  return source === null ? undefined : settings.servers.find((server) => server.url === source);
}

/** Everything the fields of `source` come from: when any of it changes, the fields are reset from it. */
export function basisOf(settings: Settings, source: string | null): string {
  const { demoMode, defaultServer, policy } = settings;
  return JSON.stringify({
    source,
    saved: savedProfile(settings, source) ?? null,
    demoMode,
    defaultServer,
    policy,
  });
}

/**
 * The saved server's token when it is bound to that server's own origin; undefined for a token bound to
 * another (version 1 kept a token saved for a server the person then changed: migrated as it was, bound to
 * where it was saved, issue 40). That one is never shown in the server's fields, so a click that sends what
 * they show cannot send it there, even once the saved token that would tell (assertTokenFor) is gone.
 */
function ownToken(saved: ServerProfile | undefined): string | undefined {
  if (!saved?.token || saved.tokenOrigin !== new URL(saved.url).origin) return undefined;
  return saved.token;
}

/** The fields of a saved server, or blank ones for a new server (its token place the policy's, if set). */
export function fieldsOf(settings: Settings, source: string | null): ServerFieldsValue {
  const place = fixedTokenPlace(settings.policy ?? {});
  const saved = savedProfile(settings, source);
  if (!saved) return { choice: NO_CHOICE, customUrl: '', token: '', tokenPlace: place ?? 'device' };
  const hosted = hostedServer(saved.url) !== undefined;
  return {
    choice: hosted ? saved.url : SELF_HOSTED,
    customUrl: hosted ? '' : saved.url,
    token: ownToken(saved) ?? '',
    tokenPlace: place ?? saved.tokenPlace,
  };
}

/** The form reset from the saved server `source` (null: a new one). */
export function formFrom(settings: Settings, source: string | null, open: boolean): ServerForm {
  const fields = fieldsOf(settings, source);
  const saved = savedProfile(settings, source);
  const tokenFor = ownToken(saved) === undefined ? undefined : saved?.tokenOrigin;
  return { open, source, basis: basisOf(settings, source), fields, ...(tokenFor ? { tokenFor } : {}) };
}

/**
 * The form on the options page's first read: a new server while none is in force; the organization's
 * server, to add its token, when it locks the servers; else folded, on the default server.
 */
export function initialForm(settings: Settings): ServerForm {
  const policy = settings.policy ?? {};
  if (serversLocked(policy) && policy.serverUrl) return formFrom(settings, policy.serverUrl, true);
  if (settings.servers.length === 0) return formFrom(settings, null, true);
  return formFrom(settings, settings.defaultServer, false);
}

/**
 * The form after the settings changed (here or in another tab, or by a policy): as it was while what its
 * fields came from is the same; else reset from the saved server (the default one, folded, once its own
 * server is gone).
 */
export function formAfter(form: ServerForm, settings: Settings): ServerForm {
  if (form.source !== null && !savedProfile(settings, form.source)) return initialForm(settings);
  if (form.source === null && serversLocked(settings.policy ?? {})) return initialForm(settings);
  return basisOf(settings, form.source) === form.basis ? form : formFrom(settings, form.source, form.open);
}

/** Edit the saved server `url`, or add a new one (null): the fields start from it. */
export function editServer(settings: Settings, url: string | null): ServerForm {
  return formFrom(settings, url, true);
}

/** The address the fields name, as typed. */
export function typedUrl(fields: ServerFieldsValue): string {
  return fields.choice === SELF_HOSTED ? fields.customUrl : fields.choice;
}

/** The origin the fields name, while their address is valid. */
function fieldsOrigin(fields: ServerFieldsValue): string | undefined {
  try {
    return new URL(normalizeServerUrl(typedUrl(fields))).origin;
  } catch {
    return undefined; // not an address yet: no origin, so no saved token belongs to it
  }
}

/**
 * The form after the user changed `patch`. A token belongs to the origin it was saved or typed for: when
 * the fields move to another origin, a token field holding a token of another origin is emptied, and an
 * empty one gets the saved token back when they return to its origin. A token typed before any valid
 * address belongs to the first origin the fields then name.
 */
export function typeFields(
  form: ServerForm,
  patch: Partial<ServerFieldsValue>,
  settings: Settings,
): ServerForm {
  const fields = { ...form.fields, ...patch };
  const origin = fieldsOrigin(fields);
  const token = normalizeToken(fields.token);
  const saved = savedProfile(settings, form.source);
  // Typing a token binds it to the origin the fields name now.
  if (patch.token !== undefined)
    return { ...form, fields, ...(origin ? { tokenFor: origin } : { tokenFor: undefined }) };
  if (origin === undefined || origin === form.tokenFor) return { ...form, fields };
  if (token !== null && form.tokenFor !== undefined)
    return { ...form, fields: { ...fields, token: '' }, tokenFor: undefined };
  if (token === null && saved?.token && origin === saved.tokenOrigin)
    return { ...form, fields: { ...fields, token: saved.token }, tokenFor: origin };
  return { ...form, fields, ...(token !== null ? { tokenFor: origin } : {}) };
}

/** True when the fields name another server or token than their saved server's (an invalid address counts). */
export function fieldsChanged(form: ServerForm, settings: Settings): boolean {
  const saved = savedProfile(settings, form.source);
  const token = normalizeToken(form.fields.token);
  if (!saved) return typedUrl(form.fields).trim() !== '' || token !== null;
  if (token !== (ownToken(saved) ?? null)) return true;
  try {
    return normalizeServerUrl(typedUrl(form.fields)) !== saved.url;
  } catch {
    return true; // an address that does not validate is a change; Connect reports the problem
  }
}

/** The token page of the server in the fields, while its address is valid. */
export function tokenPageFor(fields: ServerFieldsValue): string | undefined {
  try {
    return tokenPageUrl(normalizeServerUrl(typedUrl(fields)));
  } catch {
    return undefined; // no link until the address is valid; the field shows why on Connect
  }
}

/** The settings aimed at the form's server (for the sections that show one server's edition). */
export function formSettings(form: ServerForm, settings: Settings): Settings {
  return settingsFor(settings, form.source);
}
