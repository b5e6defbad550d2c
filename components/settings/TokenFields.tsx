import type { TokenPlace } from '@/lib/settings';
import { describedBy, SettingsField } from './fields';
import { ManagedNote } from './PolicyNotice';
import { t, type MessageKey } from '@/lib/i18n';

const PLACES = [
  ['device', 'settings_tokenDevice'],
  ['session', 'settings_tokenSession'],
] as const satisfies ReadonlyArray<[TokenPlace, MessageKey]>;

export interface TokenFieldsProps {
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
export function TokenFields(props: TokenFieldsProps) {
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
