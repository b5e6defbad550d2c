/**
 * What the popup needs to show the form, from the saved settings. Kept free of the API client and its
 * schemas (zod) so the popup opens light; connect.ts loads those when the server must be asked.
 */
import type { Edition } from '@/lib/api';
import type { PushKind } from '@/lib/contract';
import { t } from '@/lib/i18n';
import {
  destinationOf,
  isSignedIn,
  knownEdition,
  targetBaseUrl,
  type Destination,
} from '@/lib/connection/target';
import {
  allowedKinds,
  loadSettings,
  settingsFor,
  type Policy,
  type Preset,
  type PushDefaults,
  type SettingsRead,
} from '@/lib/settings/read';
import { presetsOf } from '@/lib/presets';

export interface PopupContext {
  demoMode: boolean;
  /** Where pushes go (lib/connection/target.ts); null when no server is usable. */
  destination: Destination | null;
  /** Its base URL (DEMO_BASE_URL in demo mode); null when no server is usable. */
  server: string | null;
  /** The edition saved with the server when it was checked; undefined when it must be asked. */
  edition?: Edition;
  /** A token will be sent: files and e-mail notifications need one. The demo service always has its own. */
  signedIn: boolean;
  defaults: PushDefaults;
  /** The presets in force (issue 39), the first giving `defaults`; the row above the form offers them (absent: none to choose). */
  presets?: readonly Preset[];
  /** The organization's policy, whose limits bound every preset; absent without one. */
  policy?: Policy;
  /** Copy a new push's link at once (copyOnCreateItem). */
  copyOnCreate: boolean;
  /** The kinds of push offered when an organization allows only some; absent: every kind. */
  kinds?: readonly PushKind[];
  /** The saved servers the popup can switch between (none in demo mode: pushes stay in the demo). */
  servers: string[];
  /** The chat-preview guard is on (lib/chat-guard; the preference in lib/settings). */
  chatGuard: boolean;
}

/**
 * The context of the default server, or of the saved server `url` the person switched to, once the
 * organization's policy has been read (policy first: never demo mode before it is known).
 */
export async function loadPopupContext(url?: string): Promise<PopupContext> {
  return popupContextOf(await loadSettings({ whole: true }), url);
}

/** The context from settings already read (the popup keeps its read for the recent list, App.tsx). */
export function popupContextOf(
  {
    settings: saved,
    copyOnCreate,
    preferences,
  }: Pick<SettingsRead, 'settings' | 'copyOnCreate' | 'preferences'>,
  url?: string,
): PopupContext {
  const settings = settingsFor(saved, url);
  return {
    servers: settings.demoMode ? [] : settings.servers.map((server) => server.url),
    copyOnCreate,
    chatGuard: preferences.chatGuard,
    demoMode: settings.demoMode,
    destination: destinationOf(settings),
    server: targetBaseUrl(settings),
    edition: knownEdition(settings),
    signedIn: isSignedIn(settings),
    defaults: settings.defaults,
    presets: presetsOf(settings),
    ...(settings.policy ? { policy: settings.policy } : {}),
    ...(settings.policy?.allowedKinds ? { kinds: allowedKinds(settings.policy) } : {}),
  };
}

/** Where pushes go, as the popup's header says it: the server's host, or "Demo" for the built-in service. */
export function destinationLabel(destination: Destination | null): string | undefined {
  if (destination === null) return undefined;
  if ('demo' in destination) return t('popup_demo');
  try {
    return new URL(destination.server).host;
  } catch {
    return destination.server; // a saved URL always parses (lib/settings/model.ts); shown as saved otherwise
  }
}
