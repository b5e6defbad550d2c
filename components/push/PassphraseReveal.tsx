import { useState } from 'preact/hooks';
import { CopyIcon } from '@/components/icons/Copy';
import { EyeIcon } from '@/components/icons/Eye';
import { EyeOffIcon } from '@/components/icons/EyeOff';
import { t } from '@/lib/i18n';

/** The new push's passphrase, hidden until its toggle shows it, and its own Copy. Held in memory only. */
export function PassphraseReveal({ passphrase, onCopy }: { passphrase: string; onCopy: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div class="sp-pass-block">
      <span class="sp-label">
        {t('push_fieldPassphrase')} <span class="sp-hint">{t('push_sendItAnotherWay')}</span>
      </span>
      <div class="sp-pass-row">
        <code class="sp-pass">{shown ? passphrase : '•'.repeat(Math.min(passphrase.length, 16))}</code>
        {/* Named in full for assistive technology; on screen the label above says what is shown. */}
        <button
          type="button"
          aria-expanded={shown}
          aria-label={shown ? t('push_hidePassphrase') : t('push_showPassphrase')}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          {shown ? t('push_hide') : t('push_show')}
        </button>
        <button type="button" onClick={onCopy}>
          <CopyIcon />
          {t('push_copyPassphrase')}
        </button>
      </div>
    </div>
  );
}
