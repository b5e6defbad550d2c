/** The switch of failed-attempt notifications (a preference of lib/settings), shown next to Recent activity. */
import { useEffect, useState } from 'preact/hooks';
import { followSettings, type SettingsRead } from '@/lib/settings/read';

/** The save loads at the first toggle (save-failed-alerts.ts says why). */
const save = (on: boolean) =>
  import('./save-failed-alerts').then(({ saveFailedAlerts }) => saveFailedAlerts(on));

export function useFailedAlerts(): { on: boolean; onChange: (on: boolean) => void } | undefined {
  const [on, setOn] = useState<boolean>();
  useEffect(() => {
    const take = (read: SettingsRead) => setOn(read.preferences.failedAlerts);
    // A change made in another dashboard shows here too.
    return followSettings(take, {
      part: 'failedAlerts',
      now: true,
      onError: (error: unknown) => console.error('Could not read a setting', error),
    });
  }, []);
  if (on === undefined) return undefined;
  return {
    on,
    onChange: (next) => {
      setOn(next);
      save(next).catch((error: unknown) => {
        console.error('Could not save a setting', error);
        setOn(!next);
      });
    },
  };
}
