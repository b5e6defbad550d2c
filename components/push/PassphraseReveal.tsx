import { useState } from 'preact/hooks';
import { CopyIcon } from '@/components/icons/Copy';
import { EyeIcon } from '@/components/icons/Eye';
import { EyeOffIcon } from '@/components/icons/EyeOff';

/** The new push's passphrase, hidden until its toggle shows it, and its own Copy. Held in memory only. */
export function PassphraseReveal({ passphrase, onCopy }: { passphrase: string; onCopy: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div class="sp-pass-block">
      <span class="sp-label">
        Passphrase <span class="sp-hint">— send it another way</span>
      </span>
      <div class="sp-pass-row">
        <code class="sp-pass">{shown ? passphrase : '•'.repeat(Math.min(passphrase.length, 16))}</code>
        <button type="button" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          {shown ? 'Hide' : 'Show'}
          <span class="sp-sr"> passphrase</span>
        </button>
        <button type="button" onClick={onCopy}>
          <CopyIcon />
          Copy passphrase
        </button>
      </div>
    </div>
  );
}
