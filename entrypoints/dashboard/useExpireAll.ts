/**
 * Expire everything from the dashboard: the question (window, server, and what that expires, counted from
 * the list the page holds), the request to the background, and the run as the background reports it, whether
 * this page started it or another did (a reopened dashboard shows the run going on, or its result).
 */
import { useMemo, useState } from 'preact/hooks';
import type { ExpireAllView } from '@/components/expire-all/ExpireAllStatus';
import { runView, useExpireRun } from '@/components/expire-all/useExpireRun';
import { announce } from '@/components/announce';
import { describeError } from '@/lib/api/describe';
import { choosePushes, clearRun, serversOf, startExpireAll, type ExpireScope } from '@/lib/expire-all';
import { t } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';

export interface ExpireAll {
  /** The scope the question asks about; null when it is closed. */
  asked: ExpireScope | null;
  /** How many pushes the asked scope names in the page's list now, and their servers. */
  count: number;
  countServers: string[];
  ask: () => void;
  change: (scope: ExpireScope) => void;
  cancel: () => void;
  confirm: () => void;
  run: ExpireAllView | null;
  dismiss: () => void;
}

export function useExpireAll(pushes: TrackedPush[], now: () => number = Date.now): ExpireAll {
  const [asked, setAsked] = useState<ExpireScope | null>(null);
  const run = useExpireRun();
  const chosen = useMemo(() => (asked ? choosePushes(pushes, asked, now()) : []), [pushes, asked, now]);
  const confirm = () => {
    const scope = asked;
    setAsked(null);
    if (!scope) return;
    startExpireAll(scope).then(
      (started) => announce(t('expireAll_started', started.total)),
      (error: unknown) => announce(describeError(error)),
    );
  };
  return {
    asked,
    count: chosen.length,
    countServers: serversOf(chosen),
    ask: () => setAsked({ servers: null, window: 'hour' }),
    change: setAsked,
    cancel: () => setAsked(null),
    confirm,
    run: useMemo(() => runView(run), [run]),
    dismiss: () => void clearRun(),
  };
}
