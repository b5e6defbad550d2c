import { WatchFields } from '@/components/settings/WatchFields';
import type { Policy } from '@/lib/settings';
import { useSavedFlash } from './useSavedFlash';
import { useWatchSettings } from './useWatchSettings';

/** How the extension watches pushes, saved on every change; an organization's interval wins over the user's. */
export function WatchSection({ policy }: { policy: Policy }) {
  const [watch, changeWatch] = useWatchSettings();
  const saved = useSavedFlash(watch);
  if (!watch) return null;
  return (
    <WatchFields
      value={watch}
      managedInterval={policy.watchIntervalMinutes}
      onChange={changeWatch}
      saved={saved}
    />
  );
}
