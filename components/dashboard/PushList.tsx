import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';
import type { AuditState } from './AuditTimeline';
import { EmptyList, type EmptyListProps } from './EmptyList';
import { PushItem, type PushActions } from './PushItem';
import { useRovingRows } from './useRovingRows';
import { useWindowedRows } from './useWindowedRows';

export type { PushActions } from './PushItem';

export interface PushListProps {
  shown: TrackedPush[];
  /** How many pushes there are before the filters: "Showing 12 of 10000." while they narrow the list. */
  total: number;
  /**
   * Whether `shown` is the whole list: false while only the first screen's pushes are read (the dashboard
   * reads the rest next), when each row's set size is unknown (aria-setsize -1).
   */
  whole?: boolean;
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
 * The pushes the filters show, one compact row each, or why there are none. Only the rows on screen are
 * rendered (useWindowedRows); each says its place in the whole list (aria-posinset of aria-setsize), so a
 * screen reader counts 10,000 where 40 are in the page. While the filters narrow the list, a line says how
 * many of all pushes they leave (said to screen readers once typing stops: useCountAnnounce). The list is one
 * tab stop (useRovingRows): the arrow keys move between its rows and along a row's controls.
 */
export function PushList({ shown, total, whole = true, empty, actions, focus, ...props }: PushListProps) {
  const keys = useMemo(() => shown.map((push) => push.url_token), [shown]);
  const isFocus = (push: TrackedPush) => focus?.url_token === push.url_token && focus.server === push.server;
  const focusIndex = focus ? shown.findIndex(isFocus) : -1;
  const roving = useRovingRows(keys);
  // The row the address names and the tab stop are rendered wherever they are: Tab always finds the list.
  const { list, rows, after, measure } = useWindowedRows(keys, [focusIndex, roving.tabStop]);
  return (
    <>
      <p class="hint count">{shown.length < total ? t('dash_showing', shown.length, total) : ''}</p>
      <p id="rows-keys" hidden>
        {t('dash_rowsKeys')}
      </p>
      {empty ? (
        <EmptyList {...empty} />
      ) : (
        <ul
          class="pushes"
          aria-label={t('dash_pushes')}
          aria-describedby="rows-keys"
          ref={list}
          onKeyDown={roving.onKeyDown}
          onFocusCapture={roving.onFocusCapture}
          style={after ? { paddingBlockEnd: `${after}px` } : undefined}
        >
          {rows.map(({ index, gap }) => {
            const push = shown[index]!;
            return (
              <li
                key={push.url_token}
                data-key={push.url_token}
                ref={measure}
                aria-setsize={whole ? shown.length : -1}
                aria-posinset={index + 1}
                style={gap ? { marginBlockStart: `${gap}px` } : undefined}
              >
                <PushItem
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
                  tabStop={index === roving.tabStop}
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
