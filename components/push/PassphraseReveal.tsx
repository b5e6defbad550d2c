import { useState } from 'preact/hooks';
import { CopyIcon, EyeIcon, EyeOffIcon } from '@/components/icons';
import { t, type MessageKey } from '@/lib/i18n';

/** The words of each part the result reveals: the passphrase (for the recipient), the generated secret (for the creator). */
const WORDS: Record<
  'passphrase' | 'secret',
  Record<'label' | 'hint' | 'show' | 'hide' | 'copy', MessageKey>
> = {
  passphrase: {
    label: 'push_fieldPassphrase',
    hint: 'push_sendItAnotherWay',
    show: 'push_showPassphrase',
    hide: 'push_hidePassphrase',
    copy: 'push_copyPassphrase',
  },
  secret: {
    label: 'push_generatedSecret',
    hint: 'push_yourCopy',
    show: 'push_showSecret',
    hide: 'push_hideSecret',
    copy: 'push_copySecret',
  },
};

/**
 * The new push's passphrase (or, `generated`, the secret the generator made for it), hidden until its toggle
 * shows it, and its own Copy. Held in memory, and in storage.session with the kept result (lib/handoff).
 */
export function PassphraseReveal({
  passphrase,
  onCopy,
  generated = false,
}: {
  passphrase: string;
  onCopy: () => void;
  generated?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const words = WORDS[generated ? 'secret' : 'passphrase'];
  return (
    <div class="sp-pass-block">
      <span class="sp-label">
        {t(words.label)} <span class="sp-hint">{t(words.hint)}</span>
      </span>
      <div class="sp-pass-row">
        <code class="sp-pass" dir="auto">
          {shown ? passphrase : '•'.repeat(Math.min(passphrase.length, 16))}
        </code>
        {/* Named in full for assistive technology; on screen the label above says what is shown. */}
        <button
          type="button"
          aria-expanded={shown}
          aria-label={shown ? t(words.hide) : t(words.show)}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          {shown ? t('push_hide') : t('push_show')}
        </button>
        <button type="button" onClick={onCopy}>
          <CopyIcon />
          {t(words.copy)}
        </button>
      </div>
    </div>
  );
}
