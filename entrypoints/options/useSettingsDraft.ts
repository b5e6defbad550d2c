import { useEffect, useState } from 'preact/hooks';
import {
  editServer,
  followSettings,
  formAfter,
  formFrom,
  initialForm,
  readSettings,
  typeFields,
  type PushDefaults,
  type ServerFieldsValue,
  type ServerForm,
  type Settings,
  type SettingsRead,
} from '@/lib/settings';

export interface SettingsDraft {
  /** The settings as last read (they follow changes made anywhere, a policy's among them); null until read. */
  read: SettingsRead | null;
  /** The settings in force. */
  settings: Settings | null;
  /** The server part of the form (lib/settings/form.ts: which saved server its fields came from). */
  form: ServerForm | null;
  /** Applies what the user typed in the server fields. */
  type(patch: Partial<ServerFieldsValue>): void;
  /** Edits the saved server `url`, or adds a new one (null). */
  edit(url: string | null): void;
  /** Folds the form into the list, on the saved server `url` (after Connect), or the default one (null). */
  fold(url: string | null): Promise<Settings | undefined>;
  /** The defaults as typed (a value out of range stays here, unsaved, with its error). */
  defaults: PushDefaults | null;
  setDefaults(defaults: PushDefaults): void;
}

/** The settings as read and followed, and the form's drafts of them. */
export function useSettingsDraft(onLoadError: (error: unknown) => void): SettingsDraft {
  const [read, setRead] = useState<SettingsRead | null>(null);
  const [form, setForm] = useState<ServerForm | null>(null);
  const [defaults, setDefaults] = useState<PushDefaults | null>(null);

  useEffect(() => {
    const take = (fresh: SettingsRead) => {
      setRead(fresh);
      setForm((current) => (current ? formAfter(current, fresh.settings) : initialForm(fresh.settings)));
      setDefaults(fresh.settings.defaults);
    };
    return followSettings(take, { now: true, onError: onLoadError });
  }, []);

  const settings = read?.settings ?? null;
  return {
    read,
    settings,
    form,
    type: (patch) => settings && setForm((current) => current && typeFields(current, patch, settings)),
    edit: (url) => settings && setForm(editServer(settings, url)),
    fold: (url) =>
      // Read again: the save that folds it may not have reached this page's listener yet.
      readSettings().then(
        (fresh) => {
          setRead(fresh);
          setForm(formFrom(fresh.settings, url ?? fresh.settings.defaultServer, false));
          return fresh.settings;
        },
        (error: unknown) => {
          onLoadError(error);
          return undefined;
        },
      ),
    defaults,
    setDefaults,
  };
}
