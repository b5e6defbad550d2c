import type { ComponentChildren } from 'preact';
import type { HostedServer } from '@/lib/settings';
import { describedBy, SettingsField } from './fields';
import { ManagedNote } from './PolicyNotice';
import { SavedNote } from './SavedNote';
import { TokenFields } from './TokenFields';
import { t } from '@/lib/i18n';

import { NO_CHOICE, SELF_HOSTED, type ServerFieldsValue } from '@/lib/settings';

export { NO_CHOICE, SELF_HOSTED, type ServerFieldsValue };

export interface ServerFieldsProps {
  value: ServerFieldsValue;
  hosted: readonly HostedServer[];
  /** Where the chosen server shows the user's token; absent while the address is not valid. */
  tokenPageUrl?: string;
  errors: { serverUrl?: string; token?: string };
  onChange: (patch: Partial<ServerFieldsValue>) => void;
  /** Where the token is kept was just saved (it applies at once): the section says so quietly. */
  saved?: boolean;
  /** The section's actions and their outcome (Connect, Test connection). */
  children?: ComponentChildren;
  /** What an organization's policy fixes: the server (lockServer), where the token is kept (tokenPlace). */
  locked?: { server?: boolean; tokenPlace?: boolean };
}

/** Server choice, self-hosted address, and the token fields (TokenFields). */
export function ServerFields(props: ServerFieldsProps) {
  const { value, hosted, tokenPageUrl, errors, onChange } = props;
  const selfHosted = value.choice === SELF_HOSTED;
  return (
    <fieldset>
      {/* Not "Server": the select below is named that; this group also holds the token. */}
      <legend>{t('settings_connectionLegend')}</legend>
      <SavedNote saved={Boolean(props.saved)} />
      <div class="field">
        <label for="server-choice">{t('settings_server')}</label>
        <select
          id="server-choice"
          disabled={props.locked?.server}
          value={value.choice}
          onChange={(e) => onChange({ choice: e.currentTarget.value })}
        >
          {value.choice === NO_CHOICE && (
            <option value={NO_CHOICE} disabled>
              {t('settings_chooseServer')}
            </option>
          )}
          {hosted.map((s) => (
            <option key={s.url} value={s.url}>
              {s.label}
            </option>
          ))}
          <option value={SELF_HOSTED}>{t('settings_selfHosted')}</option>
        </select>
        {props.locked?.server && <ManagedNote text={t('policy_serversLocked')} />}
      </div>
      {selfHosted && (
        <SettingsField
          id="server-url"
          label={t('settings_serverUrl')}
          error={errors.serverUrl}
          help={t('settings_serverUrlHelp')}
        >
          <input
            id="server-url"
            type="url"
            inputMode="url"
            autocomplete="url"
            spellcheck={false}
            // An example address, the same in every language. i18n-ignore
            placeholder="https://pwpush.example.com"
            value={value.customUrl}
            disabled={props.locked?.server}
            {...describedBy('server-url', errors.serverUrl)}
            onInput={(e) => onChange({ customUrl: e.currentTarget.value })}
          />
        </SettingsField>
      )}
      <TokenFields
        token={value.token}
        tokenPlace={value.tokenPlace}
        tokenPageUrl={tokenPageUrl}
        error={errors.token}
        placeLocked={props.locked?.tokenPlace}
        onChange={onChange}
      />
      {props.children}
    </fieldset>
  );
}
