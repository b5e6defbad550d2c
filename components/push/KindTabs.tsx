import type { PushKind } from '@/lib/contract';
import { t, type MessageKey } from '@/lib/i18n';

/** Each kind's tab, in the order shown. */
const KIND_LABELS: Record<PushKind, MessageKey> = {
  text: 'push_kindText',
  url: 'push_kindUrl',
  qr: 'push_kindQr',
  file: 'push_fieldFiles',
};
const ALL_KINDS = Object.keys(KIND_LABELS) as PushKind[];

export interface KindTabsProps {
  kind: PushKind;
  onChange: (kind: PushKind) => void;
  /** id of the tab panel the tabs control. */
  panelId: string;
  /** The kinds offered (an organization's policy may allow fewer); every kind when absent. */
  kinds?: readonly PushKind[];
}

export function tabId(kind: PushKind): string {
  return `sp-tab-${kind}`;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between kinds and select them. */
export function KindTabs({ kind, onChange, panelId, kinds = ALL_KINDS }: KindTabsProps) {
  const move = (event: KeyboardEvent) => {
    const at = kinds.indexOf(kind);
    // Right to left the tabs run leftwards, so Left is the next one (WAI-ARIA APG, tabs pattern).
    const rtl = (event.currentTarget as HTMLElement).closest('[dir]')?.getAttribute('dir') === 'rtl';
    const next =
      event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
        ? kinds[(at + 1) % kinds.length]
        : event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
          ? kinds[(at - 1 + kinds.length) % kinds.length]
          : event.key === 'Home'
            ? kinds[0]
            : event.key === 'End'
              ? kinds[kinds.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div role="tablist" aria-label={t('push_kindOfPush')} class="sp-tabs" onKeyDown={move}>
      {kinds.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          id={tabId(k)}
          aria-selected={k === kind}
          aria-controls={panelId}
          tabIndex={k === kind ? 0 : -1}
          onClick={() => onChange(k)}
        >
          {t(KIND_LABELS[k])}
        </button>
      ))}
    </div>
  );
}
