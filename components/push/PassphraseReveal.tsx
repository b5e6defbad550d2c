import { useState } from 'preact/hooks';

/** The new push's passphrase, hidden until the eye toggle shows it, and its own Copy. Held in memory only. */
export function PassphraseReveal({ passphrase, onCopy }: { passphrase: string; onCopy: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div class="sp-pass-block">
      <span class="sp-label">
        Passphrase <span class="sp-hint">— send it another way</span>
      </span>
      <div class="sp-row sp-pass-row">
        <code class="sp-pass">{shown ? passphrase : '•'.repeat(Math.min(passphrase.length, 16))}</code>
        <button type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
          Show<span class="sp-sr"> passphrase</span>
        </button>
        <button type="button" onClick={onCopy}>
          Copy passphrase
        </button>
      </div>
    </div>
  );
}
