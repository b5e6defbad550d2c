import { useState } from 'preact/hooks';
import { toAppError } from '@/lib/errors';
import { setDemoMode } from '@/lib/store/save';
import { loadSettings, type Settings } from '@/lib/store/settings';
import { explain } from './errors';

/** The demo mode switch: saved at once, apart from Save; a refusal is said next to the switch. */
export function useDemoToggle(setSettings: (settings: Settings) => void) {
  const [demoError, setDemoError] = useState<string>();
  const onToggleDemo = (on: boolean) => {
    setDemoError(undefined);
    setDemoMode(on)
      .then(loadSettings)
      .then(setSettings)
      .catch((error: unknown) => setDemoError(explain(toAppError(error))));
  };
  return { demoError, onToggleDemo };
}
