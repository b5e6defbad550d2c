import { t } from '@/lib/i18n';

export interface DemoModeSwitchProps {
  on: boolean;
  busy?: boolean;
  /** Why the last toggle did not happen (e.g. no server saved yet). */
  error?: string;
  onToggle: (next: boolean) => void;
}

/** An on/off switch (role=switch) named "Demo mode", with a line saying what it means. */
export function DemoModeSwitch({ on, busy, error, onToggle }: DemoModeSwitchProps) {
  return (
    <div class="demo-switch">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="demo-mode-help"
        disabled={busy}
        onClick={() => onToggle(!on)}
      >
        <span class="switch-track" aria-hidden="true">
          <span class="switch-knob" />
        </span>
        {t('settings_demoMode')}
      </button>
      <p id="demo-mode-help" class="help">
        {t(on ? 'settings_demoOnHelp' : 'settings_demoOffHelp')}
      </p>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
