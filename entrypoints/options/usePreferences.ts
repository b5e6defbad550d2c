import { useEffect, useState } from 'preact/hooks';
import { followSettings, type SettingsRead } from '@/lib/settings';

/**
 * The settings as read for the sections that show the user's preferences (the watcher's, the clipboard's,
 * copy on create): read through the settings model and followed as any of them changes in any page; null
 * until read. Each section saves its change through saveSettings and shows what comes back here, which is
 * what was written.
 */
export function usePreferences(): SettingsRead | null {
  const [read, setRead] = useState<SettingsRead | null>(null);
  useEffect(() => {
    return followSettings(setRead, {
      part: 'preferences',
      now: true,
      onError: (error: unknown) => console.error(error),
    });
  }, []);
  return read;
}
