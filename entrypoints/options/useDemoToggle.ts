import { useState } from 'preact/hooks';
import { toAppError } from '@/lib/errors';
import { saveSettings } from '@/lib/settings';
import { explain } from './errors';

/** The demo mode switch: saved at once (the page follows the save); a refusal is said next to the switch. */
export function useDemoToggle(onChange: () => void) {
  const [demoError, setDemoError] = useState<string>();
  const onToggleDemo = (on: boolean) => {
    setDemoError(undefined);
    onChange();
    saveSettings({ type: 'demo', on }).catch((error: unknown) => setDemoError(explain(toAppError(error))));
  };
  return { demoError, onToggleDemo };
}
