import { useEffect, useRef } from 'preact/hooks';
import { useFlash } from '@/components/useFlash';
import { CheckIcon, CopyIcon } from '@/components/icons';
import { t } from '@/lib/i18n';

/**
 * The secret link, large and wrapped so every character is readable (never an <input> that scrolls): a
 * read-only multi-line textbox named "Secret link" that takes focus when the result appears (a click selects
 * it whole: CSS user-select), and the Copy button, which reads "Copied" for a moment after a click.
 */
export function LinkBlock(props: { url: string; describedBy?: string; onCopy: () => void }) {
  const [copied, setCopied] = useFlash<true>();
  const link = useRef<HTMLDivElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <div class="sp-link-block">
      <span id="sp-link-label" class="sp-label">
        {t('push_secretLink')}
      </span>
      <div
        ref={link}
        id="sp-link"
        class="sp-link"
        role="textbox"
        aria-readonly="true"
        aria-multiline="true"
        aria-labelledby="sp-link-label"
        aria-describedby={props.describedBy}
        tabIndex={0}
      >
        {props.url}
      </div>
      <button
        type="button"
        class="sp-primary sp-copy"
        onClick={() => {
          props.onCopy();
          setCopied(true);
        }}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? t('push_copied') : t('push_copyLink')}
      </button>
    </div>
  );
}
