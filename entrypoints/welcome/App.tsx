import { t } from '@/lib/i18n';
import { PinPicture } from './PinPicture';
import { useWelcome, type TryState } from './useWelcome';

/**
 * What became of "Try it", shown where the button is (useWelcome says it once through the page's live
 * region), as an alert if it failed.
 */
function TryStatus({ attempt }: { attempt: TryState }) {
  if (attempt.kind === 'failed')
    return (
      <p role="alert" class="sp-error">
        {attempt.message}
      </p>
    );
  return (
    <p class="status">
      {attempt.kind === 'busy' && t('welcome_tryBusy')}
      {attempt.kind === 'done' && t('welcome_tryDone')}
    </p>
  );
}

/**
 * The page a fresh install opens (lib/welcome): what the extension does, that demo mode is on
 * and what that means, and the two ways on: a sample push in demo mode, or the settings to connect a server.
 */
export function App() {
  const { demoMode, orgServer, attempt, tryIt, connect } = useWelcome();
  return (
    <main>
      <header>
        <img src="/icon/48.png" alt="" width={48} height={48} />
        <h1>{t('welcome_title')}</h1>
      </header>
      <p class="lead">{t('welcome_lead')}</p>

      <h2>{t('welcome_howHeading')}</h2>
      <ol class="steps">
        <li>{t('welcome_stepCreate')}</li>
        <li>{t('welcome_stepShare')}</li>
        <li>{t('welcome_stepWatch')}</li>
      </ol>

      {demoMode === null && (
        <p class="help" aria-busy="true">
          {t('settings_gettingReady')}
        </p>
      )}
      {orgServer !== null && <p class="demo-banner">{t('welcome_orgServer', orgServer)}</p>}
      {demoMode !== null && orgServer === null && (
        <p class="demo-banner">
          {demoMode ? (
            <>
              <strong>{t('welcome_demoOn')}</strong> {t('welcome_demoText')}
            </>
          ) : (
            t('welcome_demoOff')
          )}
        </p>
      )}

      {demoMode !== null && (
        <div class="choices">
          {demoMode && (
            <section class="card" aria-labelledby="try-heading">
              <h2 id="try-heading">{t('welcome_tryHeading')}</h2>
              <p>{t('welcome_tryText')}</p>
              <button class="primary" onClick={tryIt} disabled={attempt.kind === 'busy'}>
                {t('welcome_tryIt')}
              </button>
              <TryStatus attempt={attempt} />
            </section>
          )}
          <section class="card" aria-labelledby="connect-heading">
            <h2 id="connect-heading">{t('welcome_connectHeading')}</h2>
            <p>{orgServer === null ? t('welcome_connectText') : t('welcome_orgToken')}</p>
            <button class={demoMode ? '' : 'primary'} onClick={connect}>
              {t('welcome_connect')}
            </button>
          </section>
        </div>
      )}

      <section class="pin" aria-labelledby="pin-heading">
        <h2 id="pin-heading">{t('welcome_pinHeading')}</h2>
        <PinPicture />
        <p>{t('welcome_toolbar')}</p>
      </section>
    </main>
  );
}
