import { charRuns, spelledOut, type SpelledKind } from '@/lib/format/char-runs';
import { t, type MessageKey } from '@/lib/i18n';

/** The words under a spelled-out character: what it is, not only its colour. */
const KIND: Record<SpelledKind, MessageKey> = {
  capital: 'viewer_charCapital',
  small: 'viewer_charSmall',
  letter: 'viewer_charLetter',
  digit: 'viewer_charDigit',
  symbol: 'viewer_charSymbol',
  space: 'viewer_charSpace',
};

/**
 * The revealed text with its characters coloured by class (letters, digits, symbols), and, for a password,
 * a larger "spelled out" view one character at a time, for someone typing it on another device: each says
 * what it is in words too ("capital", "digit", "symbol"), so no one needs the colours. The text itself is
 * unchanged: copying or reading it gives exactly the secret.
 */
export function ClassedSecret({ payload }: { payload: string }) {
  const runs = charRuns(payload);
  const spelled = spelledOut(payload);
  return (
    <>
      <pre aria-label={t('viewer_payloadLabel')} dir="auto">
        {runs.length === 0
          ? payload
          : runs.map((run, i) => (
              <span key={i} class={`ch-${run.cls}`}>
                {run.text}
              </span>
            ))}
      </pre>
      {spelled.length > 0 && (
        <details class="spelled">
          <summary>{t('viewer_spellOut')}</summary>
          {/* Left to right in every language: a password is typed in its own order. */}
          <ol dir="ltr">
            {spelled.map(({ char, cls, kind }, i) => (
              <li key={i} class={`ch-${cls}`}>
                <span class="spelled-char">{cls === 'space' ? '␣' : char}</span>
                <span class="spelled-kind">{t(KIND[kind])}</span>
                <span class="spelled-index" aria-hidden="true">
                  {i + 1}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
