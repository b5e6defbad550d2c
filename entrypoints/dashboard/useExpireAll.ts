/**
 * Expire everything from the dashboard: the question (window, server, and what that expires, counted from
 * the list the page holds), the request to the background, and the run as the background reports it, whether
 * this page started it or another did (a reopened dashboard shows the run going on, or its result).
 */
import { useMemo, useState } from 'preact/hooks';
import type { ExpireAllView } from '@/components/expire-all/ExpireAllStatus';
import { runView, useExpireRun } from '@/components/expire-all/useExpireRun';
import { choosePushes, clearRun, serversOf, type ExpireScope } from '@/lib/expire-all';
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
  const { run, start } = useExpireRun();
  const chosen = useMemo(() => (asked ? choosePushes(pushes, asked, now()) : []), [pushes, asked, now]);
  const confirm = () => {
    const scope = asked;
    setAsked(null);
    if (!scope) return;
    void start(scope);
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
