import { useEffect, useState } from 'preact/hooks';
import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import type { PushDefaults } from '@/lib/store/items';
import { loadSettings, watchSettings, type Settings } from '@/lib/store/settings';
import { changeServerFields, serverFieldsFrom } from './draft';

export interface SettingsDraft {
  /** The saved settings; they follow changes made elsewhere. null until loaded. */
  settings: Settings | null;
  setSettings(settings: Settings): void;
  /** The server fields as typed, and the defaults as typed: saved only by Save. */
  server: ServerFieldsValue | null;
  setServer(server: ServerFieldsValue): void;
  /** Applies what the user changed in the server fields (draft.ts changeServerFields: the token's origin). */
  changeServer(patch: Partial<ServerFieldsValue>): void;
  defaults: PushDefaults | null;
  setDefaults(defaults: PushDefaults): void;
  /** Shows these settings, and starts the drafts again from them (after a save). */
  resetFrom(fresh: Settings): void;
}

/** The saved settings and the form's drafts of them. */
export function useSettingsDraft(onLoadError: (error: unknown) => void): SettingsDraft {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [server, setServer] = useState<ServerFieldsValue | null>(null);
  const [defaults, setDefaults] = useState<PushDefaults | null>(null);

  const resetFrom = (fresh: Settings) => {
    setSettings(fresh);
    setServer(serverFieldsFrom(fresh));
    setDefaults(fresh.defaults);
  };

  useEffect(() => {
    loadSettings().then(resetFrom, onLoadError);
    // Other pages may change demo mode; the drafts stay as typed, only the saved view follows.
    return watchSettings(setSettings);
  }, []);

  const changeServer = (patch: Partial<ServerFieldsValue>) => {
    if (server && settings) setServer(changeServerFields(server, patch, settings));
  };

  return { settings, setSettings, server, setServer, changeServer, defaults, setDefaults, resetFrom };
}
