import { useEffect, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { CheckIcon, CopyIcon } from '@/components/icons';
import { FLASH_MS } from '@/components/useFlash';
import { t } from '@/lib/i18n';

export interface CopyButtonProps {
  /** Copies; rejects with an Error whose message says, in words, why it did not. */
  onCopy: () => Promise<void>;
  /** The button's name with its push, "Copy link: Door code"; its visible words stay "Copy link". */
  label: string;
  /** Said through the page's live region once copied, e.g. "Link to Door code copied". */
  copiedText: string;
}

type CopyState = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; message: string };

/**
 * "Copy link" that confirms where it was pressed: the button reads "Copied" for a moment (a copy in row 20
 * confirms in row 20), the page's one live region says it to screen readers (components/announce.ts), and a
 * failure is said next to it. Not a tab stop: the list's rows are (useRovingRows.ts), the arrows reach it.
 */
export function CopyButton({ onCopy, label, copiedText }: CopyButtonProps) {
  const [copy, setCopy] = useState<CopyState>({ state: 'idle' });
  useEffect(() => {
    if (copy.state !== 'copied') return;
    const timer = setTimeout(() => setCopy({ state: 'idle' }), FLASH_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const onClick = () =>
    onCopy().then(
      () => {
        setCopy({ state: 'copied' });
        announce(copiedText);
      },
      (error: unknown) => setCopy({ state: 'failed', message: (error as Error).message }),
    );
  const copied = copy.state === 'copied';
  return (
    <>
      <button
        type="button"
        class={`copy-button ${copied ? 'copied' : ''}`}
        // While it reads "Copied" its name is that word: the live region has said what was copied.
        aria-label={copied ? undefined : label}
        tabIndex={-1}
        onClick={onClick}
      >
        {copied ? (
          <>
            <CheckIcon /> {t('dash_copied')}
          </>
        ) : (
          <>
            <CopyIcon /> {t('dash_copyLink')}
          </>
        )}
      </button>
      {copy.state === 'failed' && (
        <span role="alert" class="error row-message">
          {copy.message}
        </span>
      )}
    </>
  );
}
