import { useEffect, useRef, useState } from 'preact/hooks';
import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import type { PushDefaults } from '@/lib/store/items';
import { loadSettings, settingsFor, watchSettings, type Settings } from '@/lib/store/settings';
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
  /** The saved server the server fields edit; null while they add a new one. */
  editing: string | null;
  /** Edits the saved server `url` (null: a new one): the fields start again from it once it is read. */
  edit(url: string | null): Promise<void>;
}

/** The settings aimed at the server being edited; a new one has no server and no token yet. */
function aimed(settings: Settings, url: string | null | undefined): Settings {
  if (url !== null) return settingsFor(settings, url);
  return { ...settings, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' };
}

/** The saved settings and the form's drafts of them. */
export function useSettingsDraft(onLoadError: (error: unknown) => void): SettingsDraft {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [server, setServer] = useState<ServerFieldsValue | null>(null);
  const [defaults, setDefaults] = useState<PushDefaults | null>(null);

  // undefined: the default server (also after it changed); a url: that saved server; null: a new one.
  const editing = useRef<string | null | undefined>(undefined);
  const [, rerender] = useState(0);

  const resetFrom = (fresh: Settings) => {
    let target = aimed(fresh, editing.current);
    // The server being edited is not saved (any more): the fields go back to the default server's.
    if (editing.current && target.server?.url !== editing.current) {
      editing.current = undefined;
      target = aimed(fresh, undefined);
    }
    setSettings(target);
    setServer(serverFieldsFrom(target));
    setDefaults(fresh.defaults);
  };
  const follow = (fresh: Settings) => {
    // Removed elsewhere: back to the default server.
    if (editing.current && !fresh.servers.some((s) => s.url === editing.current)) editing.current = undefined;
    setSettings(aimed(fresh, editing.current));
  };

  useEffect(() => {
    loadSettings().then(resetFrom, onLoadError);
    // Other pages may change demo mode; the drafts stay as typed, only the saved view follows.
    return watchSettings(follow);
  }, []);

  const edit = (url: string | null) => {
    editing.current = url;
    rerender((n) => n + 1);
    return loadSettings().then(resetFrom, onLoadError);
  };

  const changeServer = (patch: Partial<ServerFieldsValue>) => {
    if (server && settings) setServer(changeServerFields(server, patch, settings));
  };

  const current = editing.current === undefined ? (settings?.server?.url ?? null) : editing.current;
  return {
    ...{ settings, setSettings, server, setServer, changeServer, defaults, setDefaults, resetFrom },
    editing: current,
    edit,
  };
}
