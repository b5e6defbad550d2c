import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';
import { useFlash } from '@/components/useFlash';
import { CheckIcon, CopyIcon, QrIcon } from '@/components/icons';
import { t } from '@/lib/i18n';

export interface RecentItemProps {
  /** pushLabel: never the secret. */
  label: string;
  /** e.g. "3 of 5 views left · 2 d 4 h left", or "Expired". */
  facts: string;
  /** The push's link while it still works; an expired or deleted push offers no copy and no QR code. */
  url?: string;
  onCopy: () => Promise<void>;
  renderQr: (text: string) => Promise<string>;
  /** The push's own address in the dashboard (lib/watch/push-address.ts), and how to open it. */
  open?: { href: string; onOpen: (event: Event) => void };
}

/** One recent push: its label and state, and (while it works) Copy link and its QR code, asking no server. */
export function RecentItem({ label, facts, url, onCopy, renderQr, open }: RecentItemProps) {
  const { qr, wanted, toggle } = useLazyQr(url ?? '', renderQr);
  const [copied, setCopied] = useFlash<'yes' | 'failed'>();
  const copy = () =>
    onCopy().then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <li class="recent-item">
      <span class="recent-name">
        {open ? (
          <a href={open.href} onClick={open.onOpen}>
            {label}
          </a>
        ) : (
          label
        )}
      </span>
      <span class="sp-hint recent-facts">{facts}</span>
      {url && (
        <span class="recent-actions">
          {/* Named after the push: "Copy link" alone would be one of many on the page. */}
          <button type="button" onClick={copy} aria-label={copied ? undefined : t('push_copyLinkOf', label)}>
            {copied === 'yes' ? <CheckIcon /> : <CopyIcon />}
            {copied === 'yes' ? t('push_copied') : copied === 'failed' ? t('push_notCopied') : t('push_copy')}
          </button>
          <button type="button" aria-expanded={wanted} aria-label={t('push_qrOf', label)} onClick={toggle}>
            <QrIcon />
            {t('push_qrButton')}
          </button>
        </span>
      )}
      {url && wanted && (
        <span class="recent-qr">
          <LazyQrImage
            qr={qr}
            alt={t('push_qrOfLinkOf', label)}
            size={144}
            classes={{ hint: 'sp-hint', error: 'sp-error' }}
          />
        </span>
      )}
    </li>
  );
}
