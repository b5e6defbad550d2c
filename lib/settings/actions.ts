/**
 * Every change to the settings as a pure function of what is stored and the policy (issue 18): save.ts
 * writes what these return, and the model-based test drives them on a store of its own. The policy is
 * applied here, to whatever a page asked for, so no page can save past it: token place, locked servers,
 * demo mode and the organization's defaults.
 */
import { AppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { fixedTokenPlace, serversLocked, userDefaultsToSave } from './policy';
import { stateUnderPolicy, withDefault, withoutServer, withServer, type ServerEntry } from './model';
import type { DecodedSettings } from './stored';
import { NO_POLICY, type Policy, type PushDefaults, type ServerState, type TokenPlace } from './values';

/** What a page or the background may ask of the settings. */
export type SettingsAction =
  /** Connect: a checked server saved with its token (added, or updated when its url is saved already). */
  | { type: 'server'; entry: ServerEntry }
  | { type: 'remove'; url: string }
  | { type: 'default'; url: string }
  | { type: 'demo'; on: boolean }
  /** The defaults for new pushes, as shown (the organization's fields keep the user's own value). */
  | { type: 'defaults'; defaults: PushDefaults }
  /** Where a saved server's token is kept ("Remember on this device" / "This browser session only"). */
  | { type: 'tokenPlace'; url: string; place: TokenPlace }
  | { type: 'copyOnCreate'; on: boolean }
  /** The built-in demo service's own token, created on first use (lib/demo). */
  | { type: 'demoToken'; token: string }
  /** The policy changed: store what is stored as it allows (the background, after reading it). */
  | { type: 'policy' };

/** What one action writes; a missing field keeps its stored value. */
export interface SettingsWrite {
  state?: ServerState;
  demoMode?: boolean;
  defaults?: PushDefaults;
  copyOnCreate?: boolean;
  demoToken?: string;
}

const refused = (message: string, field: string) =>
  new AppError('validation', message, { fields: { [field]: [message] } });

function lockedOut(policy: Policy, url: string): void {
  if (serversLocked(policy) && url !== policy.serverUrl)
    throw refused(t('policy_serversLocked'), 'serverUrl');
}

/** The servers change an action makes, before the policy's storage rules are applied to it. */
function serversAfter(
  stored: DecodedSettings,
  action: SettingsAction,
  policy: Policy,
): ServerState | undefined {
  const { state } = stored;
  switch (action.type) {
    case 'server': {
      lockedOut(policy, action.entry.server.url);
      const place = fixedTokenPlace(policy) ?? action.entry.token.place;
      // Adding a server never changes the default (the first one saved is it): only Make default does.
      return withServer(state, { ...action.entry, token: { ...action.entry.token, place } });
    }
    case 'remove':
      lockedOut(policy, '');
      return withoutServer(state, action.url);
    case 'default':
      lockedOut(policy, '');
      return { ...state, list: withDefault(state.list, action.url) };
    case 'tokenPlace': {
      const saved = state.list.servers.find((server) => server.url === action.url);
      if (!saved) return undefined;
      const bound = state.device[action.url] ?? state.session[action.url] ?? null;
      const token = { value: bound?.value ?? null, place: action.place, origin: bound?.origin ?? null };
      return withServer(state, { server: saved, token });
    }
    case 'policy':
      return state;
    default:
      return undefined;
  }
}

/** Demo mode after an action: on only where the policy allows it, off only with a server to use. */
function demoAfter(stored: DecodedSettings, action: SettingsAction, policy: Policy, servers: number) {
  if (action.type === 'server') return false; // saving a server means the user wants to use it
  if (action.type === 'remove' && servers === 0) return policy.allowDemoMode === false ? undefined : true;
  if (action.type !== 'demo') return undefined;
  if (action.on && policy.allowDemoMode === false) throw refused(t('policy_demoNotAllowed'), 'demoMode');
  if (!action.on && servers === 0 && !policy.serverUrl)
    throw new AppError('validation', t('store_demoNeedsServer'), {
      fields: { demoMode: [t('store_saveServerFirst')] },
    });
  return action.on;
}

/**
 * What `action` writes over `stored`, under `stored`'s policy. Throws AppError 'validation' (with the field
 * at fault) for a change the policy forbids; nothing is written then.
 */
export function settingsWrite(stored: DecodedSettings, action: SettingsAction): SettingsWrite {
  const policy = (stored.policy ?? NO_POLICY).policy;
  const servers = serversAfter(stored, action, policy);
  const state = servers && stateUnderPolicy(servers, policy);
  const demoMode = demoAfter(stored, action, policy, (state ?? stored.state).list.servers.length);
  return {
    ...(state ? { state } : {}),
    ...(demoMode !== undefined ? { demoMode } : {}),
    ...(action.type === 'defaults'
      ? { defaults: userDefaultsToSave(action.defaults, stored.defaults, policy) }
      : {}),
    ...(action.type === 'copyOnCreate' ? { copyOnCreate: action.on } : {}),
    ...(action.type === 'demoToken' ? { demoToken: action.token } : {}),
  };
}
