import { CheckField } from '@/components/CheckField';
import type { WifiConfig, WifiSecurity } from '@/lib/push/wifi';
import { described, FieldError } from './FieldError';

export interface WifiBuilderProps {
  value: WifiConfig;
  onChange: (patch: Partial<WifiConfig>) => void;
  /** The payload errors: a missing name or password, or a code too long. */
  errors?: string[];
}

const SECURITY: Array<[WifiSecurity, string]> = [
  ['WPA', 'WPA/WPA2/WPA3'],
  ['WEP', 'WEP'],
  ['nopass', 'None (open network)'],
];

/** A Wi-Fi network as a QR code phones join by scanning. */
export function WifiBuilder({ value, onChange, errors }: WifiBuilderProps) {
  const aria = described('payload', errors);
  return (
    <fieldset class="sp-wifi">
      <legend>Wi-Fi network</legend>
      <div class="sp-field">
        <label for="sp-wifi-ssid">Network name</label>
        <input
          id="sp-wifi-ssid"
          value={value.ssid}
          autocomplete="off"
          spellcheck={false}
          onInput={(e) => onChange({ ssid: e.currentTarget.value })}
          {...aria}
        />
      </div>
      <div class="sp-field">
        <label for="sp-wifi-security">Security</label>
        <select
          id="sp-wifi-security"
          value={value.security}
          onChange={(e) => onChange({ security: e.currentTarget.value as WifiSecurity })}
        >
          {SECURITY.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {value.security !== 'nopass' && (
        <div class="sp-field">
          <label for="sp-wifi-password">Wi-Fi password</label>
          <input
            id="sp-wifi-password"
            value={value.password}
            autocomplete="off"
            spellcheck={false}
            onInput={(e) => onChange({ password: e.currentTarget.value })}
            {...aria}
          />
        </div>
      )}
      <CheckField class="sp-check" checked={value.hidden} onChange={(hidden) => onChange({ hidden })}>
        Hidden network
      </CheckField>
      <FieldError field="payload" messages={errors} />
    </fieldset>
  );
}
