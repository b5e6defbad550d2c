/** The switch of failed-attempt notifications (lib/watch/alerts.ts), shown next to Recent activity. */
import { useEffect, useState } from 'preact/hooks';
import { failedAlertsOn, setFailedAlerts } from '@/lib/store/failed-alerts';

export function useFailedAlerts(): { on: boolean; onChange: (on: boolean) => void } | undefined {
  const [on, setOn] = useState<boolean>();
  useEffect(() => {
    failedAlertsOn().then(setOn, (error: unknown) => console.error('Could not read a setting', error));
  }, []);
  if (on === undefined) return undefined;
  return {
    on,
    onChange: (next) => {
      setOn(next);
      setFailedAlerts(next).catch((error: unknown) => {
        console.error('Could not save a setting', error);
        setOn(!next);
      });
    },
  };
}
