import { useEffect, useState } from 'preact/hooks';
import { readSettings, watchSettings, type Preferences, type SettingsRead } from '@/lib/settings';

/**
 * The user's own preferences (the watcher's, the clipboard's…), read through the settings model and
 * followed as they change in any page; null until read. Each section saves its change through
 * saveSettings and shows what comes back here, which is what was written.
 */
export function usePreferences(): Preferences | null {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  useEffect(() => {
    const take = (read: SettingsRead) => setPreferences(read.savedPreferences);
    readSettings().then(take, (error: unknown) => console.error(error));
    return watchSettings(take, 'preferences');
  }, []);
  return preferences;
}
