import { useEffect, useState } from 'preact/hooks';
import { watchSettingsItem, type WatchSettings } from '@/lib/store/items';

/**
 * The watcher's settings, saved on every change, apart from the Save button: they never need a
 * connection check. Follows changes made elsewhere.
 */
export function useWatchSettings(): [WatchSettings | null, (patch: Partial<WatchSettings>) => void] {
  const [watch, setWatch] = useState<WatchSettings | null>(null);
  useEffect(() => {
    watchSettingsItem.getValue().then(setWatch, (error: unknown) => console.error(error));
    return watchSettingsItem.watch(setWatch);
  }, []);
  const change = (patch: Partial<WatchSettings>) => {
    if (!watch) return;
    const next = { ...watch, ...patch };
    setWatch(next);
    watchSettingsItem.setValue(next).catch((error: unknown) => console.error(error));
  };
  return [watch, change];
}
