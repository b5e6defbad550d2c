import type { TokenPlace } from '@/lib/store/items';
import { describedBy, SettingsField } from './fields';

const PLACES: ReadonlyArray<[TokenPlace, string]> = [
  ['device', 'Remember on this device'],
  ['session', 'This browser session only'],
];

export interface TokenFieldsProps {
  token: string;
  tokenPlace: TokenPlace;
  /** Where the chosen server shows the user's token; absent while the address is not valid. */
  tokenPageUrl?: string;
  error?: string;
  onChange: (patch: { token?: string; tokenPlace?: TokenPlace }) => void;
}

/** The API token, where to find it, and where it is kept. */
export function TokenFields({ token, tokenPlace, tokenPageUrl, error, onChange }: TokenFieldsProps) {
  return (
    <>
      <SettingsField
        id="api-token"
        label="API token"
        error={error}
        keepHelp
        help={
          <>
            Optional: without a token you can create pushes but not list or audit them.{' '}
            {tokenPageUrl && (
              <a href={tokenPageUrl} target="_blank" rel="noopener noreferrer">
                Find your token on the server
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
      <div role="radiogroup" aria-label="Keep the token" class="choices">
        {PLACES.map(([place, label]) => (
          <label key={place}>
            <input
              type="radio"
              name="token-place"
              checked={tokenPlace === place}
              onChange={() => onChange({ tokenPlace: place })}
            />
            {label}
          </label>
        ))}
      </div>
    </>
  );
}
