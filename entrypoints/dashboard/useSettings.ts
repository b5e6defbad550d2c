/** The settings, loaded once and followed as they change in any page. */
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '@/lib/api/describe';
import { onSettingsChange, peekSettings } from '@/lib/store/peek';
import type { Settings } from '@/lib/store/settings';
import { firstSettings } from './early';

export function useSettings(): { settings: Settings | null; error?: string } {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    // The first read in one round (two plain gets), not the store's item by item; started by main.tsx.
    firstSettings().then(setSettings, (failure: unknown) => setError(describeError(failure)));
    // Followed from here with plain reads too: the store's library (and its migrations) is not on the page.
    return onSettingsChange(() => {
      peekSettings().then(
        (fresh) => setSettings(fresh.settings),
        (failure: unknown) => console.error('Could not reload settings', failure),
      );
    });
  }, []);
  return { settings, error };
}
