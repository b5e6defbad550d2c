import type { ComponentChildren } from 'preact';
import { CheckField } from '@/components/CheckField';
import { t, type MessageKey } from '@/lib/i18n';
import type { WifiConfig, WifiSecurity } from '@/lib/push/form';
import { described, FieldError } from './FieldError';
import { FieldFrame } from './OptionFields';

export interface WifiBuilderProps {
  value: WifiConfig;
  onChange: (patch: Partial<WifiConfig>) => void;
  /** The payload errors: a missing name or password, or a code too long. */
  errors?: string[];
  /** Laid over the password field (the generator's wand); it fills the password. */
  passwordTool?: (fieldId: string, fill: (password: string) => void) => ComponentChildren;
}

/** The standards' own names, the same in every language; only "none" is said in words. */
const SECURITY: Array<[WifiSecurity, () => string]> = [
  ['WPA', () => 'WPA/WPA2/WPA3'],
  ['WEP', () => 'WEP'],
  ['nopass', () => t('push_wifiNoSecurity')],
];

const TEXTS: Record<'ssid' | 'password', { id: string; label: MessageKey }> = {
  ssid: { id: 'sp-wifi-ssid', label: 'push_wifiNetworkName' },
  password: { id: 'sp-wifi-password', label: 'push_wifiPassword' },
};

/** A text field of the network; both carry the payload's errors, since the QR code is made of them. */
function WifiText(props: {
  name: keyof typeof TEXTS;
  config: WifiConfig;
  aria: ReturnType<typeof described>;
  onChange: (patch: Partial<WifiConfig>) => void;
  tool?: ComponentChildren;
}) {
  const { id, label } = TEXTS[props.name];
  const input = (
    <input
      id={id}
      value={props.config[props.name]}
      dir="auto"
      autocomplete="off"
      spellcheck={false}
      onInput={(e) => props.onChange({ [props.name]: e.currentTarget.value })}
      {...props.aria}
    />
  );
  return (
    <FieldFrame id={id} label={t(label)}>
      {props.tool ? (
        <div class="sp-tooled">
          {input}
          {props.tool}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

/** A Wi-Fi network as a QR code phones join by scanning. */
export function WifiBuilder({ value, onChange, errors, passwordTool }: WifiBuilderProps) {
  const aria = described('payload', errors);
  return (
    // Named for assistive technology only: the "Wi-Fi network" choice just above is its visible heading.
    <div class="sp-wifi" role="group" aria-label={t('push_wifiNetwork')}>
      <WifiText name="ssid" config={value} aria={aria} onChange={onChange} />
      <div class="sp-field">
        <label for="sp-wifi-security">{t('push_wifiSecurity')}</label>
        <select
          id="sp-wifi-security"
          value={value.security}
          onChange={(e) => onChange({ security: e.currentTarget.value as WifiSecurity })}
        >
          {SECURITY.map(([v, label]) => (
            <option key={v} value={v}>
              {label()}
            </option>
          ))}
        </select>
      </div>
      {value.security !== 'nopass' && (
        <WifiText
          name="password"
          config={value}
          aria={aria}
          onChange={onChange}
          tool={passwordTool?.(TEXTS.password.id, (password) => onChange({ password }))}
        />
      )}
      <CheckField class="sp-check" checked={value.hidden} onChange={(hidden) => onChange({ hidden })}>
        {t('push_wifiHidden')}
      </CheckField>
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
