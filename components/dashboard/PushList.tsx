import { t } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';
import type { AuditState } from './AuditTimeline';
import { EmptyList, type EmptyListProps } from './EmptyList';
import { PushItem, type PushActions } from './PushItem';
import { useShowMore } from './useShowMore';

export type { PushActions } from './PushItem';

export interface PushListProps {
  shown: TrackedPush[];
  /** Why no row is shown (components/dashboard/empty.ts), with its action; null when rows are shown. */
  empty: EmptyListProps | null;
  now: number;
  selected: ReadonlySet<string>;
  audits: Record<string, AuditState>;
  /** Whether a push has an audit log to show (a token, and a push the server counts). */
  canAudit: (push: TrackedPush) => boolean;
  hasToken: boolean;
  /** Names each push's server (several servers saved); absent: one server, not named. */
  serverName?: (server: string) => string;
  renderQr: (text: string) => Promise<string>;
  /** The same object on every render, so unchanged rows are not rendered again. */
  actions: PushActions;
  /** The push the page's address names: rendered, expanded, scrolled into view and focused. */
  focus?: { server: string; url_token: string } | null;
}

const HIDDEN: AuditState = { state: 'hidden' };

/**
 * The pushes the filters show, one compact row each (the first ones, more as the list is scrolled), or why
 * there are none.
 */
export function PushList({ shown, empty, actions, focus, ...props }: PushListProps) {
  const isFocus = (push: TrackedPush) => focus?.url_token === push.url_token && focus.server === push.server;
  const focusIndex = focus ? shown.findIndex(isFocus) : -1;
  const { limit, showMore, sentinel } = useShowMore(shown.length, focusIndex + 1);
  if (empty) return <EmptyList {...empty} />;
  return (
    <>
      <ul class="pushes" aria-label={t('dash_pushes')}>
        {shown.slice(0, limit).map((push) => (
          <PushItem
            key={push.url_token}
            push={push}
            now={props.now}
            selected={props.selected.has(push.url_token)}
            audit={props.audits[push.url_token] ?? HIDDEN}
            canAudit={props.canAudit(push)}
            hasToken={props.hasToken}
            serverName={props.serverName?.(push.server)}
            renderQr={props.renderQr}
            actions={actions}
            focused={isFocus(push)}
          />
        ))}
      </ul>
      {limit < shown.length && (
        <p class="more" ref={sentinel}>
          <span class="hint">{t('dash_showing', limit, shown.length)}</span>{' '}
          <button type="button" onClick={showMore}>
            {t('dash_showMore')}
          </button>
        </p>
      )}
    </>
  );
}
