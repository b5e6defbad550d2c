import { useEffect, useState } from 'preact/hooks';
import { CheckIcon } from '@/components/icons/Check';
import { CopyIcon } from '@/components/icons/Copy';
import { FLASH_MS } from '@/components/useFlash';
import { t } from '@/lib/i18n';

export interface CopyButtonProps {
  /** Copies; rejects with an Error whose message says, in words, why it did not. */
  onCopy: () => Promise<void>;
  /** Names the copied thing for the announcement, e.g. "Link to Door code copied". */
  copiedText: string;
}

type CopyState = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; message: string };

/**
 * "Copy link" that confirms where it was pressed: the button reads "Copied" for a moment (a copy in row 20
 * confirms in row 20), a polite status says it to screen readers, and a failure is said next to it.
 */
export function CopyButton({ onCopy, copiedText }: CopyButtonProps) {
  const [copy, setCopy] = useState<CopyState>({ state: 'idle' });
  useEffect(() => {
    if (copy.state !== 'copied') return;
    const timer = setTimeout(() => setCopy({ state: 'idle' }), FLASH_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const onClick = () =>
    onCopy().then(
      () => setCopy({ state: 'copied' }),
      (error: unknown) => setCopy({ state: 'failed', message: (error as Error).message }),
    );
  return (
    <>
      <button
        type="button"
        class={`copy-button ${copy.state === 'copied' ? 'copied' : ''}`}
        onClick={onClick}
      >
        {copy.state === 'copied' ? (
          <>
            <CheckIcon /> {t('dash_copied')}
          </>
        ) : (
          <>
            <CopyIcon /> {t('dash_copyLink')}
          </>
        )}
      </button>
      <span role="status" class="sr-only">
        {copy.state === 'copied' ? copiedText : ''}
      </span>
      {copy.state === 'failed' && (
        <span role="alert" class="error row-message">
          {copy.message}
        </span>
      )}
    </>
  );
}
