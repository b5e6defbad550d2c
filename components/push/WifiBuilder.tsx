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

/** A text field of the network; both carry the payload's errors, since the QR code is made of them. */
function WifiText(props: {
  id: string;
  label: string;
  value: string;
  aria: ReturnType<typeof described>;
  onInput: (value: string) => void;
}) {
  return (
    <div class="sp-field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        autocomplete="off"
        spellcheck={false}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        {...props.aria}
      />
    </div>
  );
}

/** A Wi-Fi network as a QR code phones join by scanning. */
export function WifiBuilder({ value, onChange, errors }: WifiBuilderProps) {
  const aria = described('payload', errors);
  return (
    <fieldset class="sp-wifi">
      <legend>Wi-Fi network</legend>
      <WifiText
        id="sp-wifi-ssid"
        label="Network name"
        value={value.ssid}
        aria={aria}
        onInput={(ssid) => onChange({ ssid })}
      />
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
        <WifiText
          id="sp-wifi-password"
          label="Wi-Fi password"
          value={value.password}
          aria={aria}
          onInput={(password) => onChange({ password })}
        />
      )}
      <CheckField class="sp-check" checked={value.hidden} onChange={(hidden) => onChange({ hidden })}>
        Hidden network
      </CheckField>
      <FieldError field="payload" messages={errors} />
    </fieldset>
  );
}
