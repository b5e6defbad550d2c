import { CheckField } from '@/components/CheckField';
import type { WifiConfig, WifiSecurity } from '@/lib/push/wifi';
import { described, FieldError } from './FieldError';
import { FieldFrame } from './OptionFields';

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

const TEXTS = {
  ssid: { id: 'sp-wifi-ssid', label: 'Network name' },
  password: { id: 'sp-wifi-password', label: 'Wi-Fi password' },
} as const;

/** A text field of the network; both carry the payload's errors, since the QR code is made of them. */
function WifiText(props: {
  name: keyof typeof TEXTS;
  config: WifiConfig;
  aria: ReturnType<typeof described>;
  onChange: (patch: Partial<WifiConfig>) => void;
}) {
  const { id, label } = TEXTS[props.name];
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        value={props.config[props.name]}
        autocomplete="off"
        spellcheck={false}
        onInput={(e) => props.onChange({ [props.name]: e.currentTarget.value })}
        {...props.aria}
      />
    </FieldFrame>
  );
}

/** A Wi-Fi network as a QR code phones join by scanning. */
export function WifiBuilder({ value, onChange, errors }: WifiBuilderProps) {
  const aria = described('payload', errors);
  return (
    // Named for assistive technology only: the "Wi-Fi network" choice just above is its visible heading.
    <div class="sp-wifi" role="group" aria-label="Wi-Fi network">
      <WifiText name="ssid" config={value} aria={aria} onChange={onChange} />
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
        <WifiText name="password" config={value} aria={aria} onChange={onChange} />
      )}
      <CheckField class="sp-check" checked={value.hidden} onChange={(hidden) => onChange({ hidden })}>
        Hidden network
      </CheckField>
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
