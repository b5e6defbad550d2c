import type { ComponentChildren } from 'preact';
import { describedBy, SettingsField } from './fields';
import { ManagedNote } from './PolicyNotice';
import { SavedNote } from './SavedNote';
import { t, type MessageKey } from '@/lib/i18n';

import {
  NO_CHOICE,
  SELF_HOSTED,
  type HostedServer,
  type ServerFieldsValue,
  type TokenPlace,
} from '@/lib/settings';

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

/** The Connection fieldset: the server choice, a self-hosted address, and the token fields (TokenFields). */
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

const PLACES = [
  ['device', 'settings_tokenDevice'],
  ['session', 'settings_tokenSession'],
] as const satisfies ReadonlyArray<[TokenPlace, MessageKey]>;

interface TokenFieldsProps {
  token: string;
  tokenPlace: TokenPlace;
  /** Where the chosen server shows the user's token; absent while the address is not valid. */
  tokenPageUrl?: string;
  error?: string;
  /** Where the token is kept is the organization's choice: the choices are shown disabled, with a line. */
  placeLocked?: boolean;
  onChange: (patch: { token?: string; tokenPlace?: TokenPlace }) => void;
}

/** The API token, where to find it, and where it is kept. */
function TokenFields(props: TokenFieldsProps) {
  const { token, tokenPlace, tokenPageUrl, error, onChange } = props;
  return (
    <>
      <SettingsField
        id="api-token"
        label={t('settings_apiToken')}
        error={error}
        keepHelp
        help={
          <>
            {t('settings_tokenHelp')}{' '}
            {tokenPageUrl && (
              <a href={tokenPageUrl} target="_blank" rel="noopener noreferrer">
                {t('settings_findToken')}
              </a>
            )}
          </>
        }
      >
        <input
          id="api-token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={token}
          {...describedBy('api-token', error)}
          onInput={(e) => onChange({ token: e.currentTarget.value })}
        />
      </SettingsField>
      <div role="radiogroup" aria-label={t('settings_keepToken')} class="choices">
        {PLACES.map(([place, label]) => (
          <label key={place}>
            <input
              type="radio"
              name="token-place"
              checked={tokenPlace === place}
              disabled={props.placeLocked}
              onChange={() => onChange({ tokenPlace: place })}
            />
            {t(label)}
          </label>
        ))}
        {props.placeLocked && <ManagedNote />}
      </div>
    </>
  );
}
