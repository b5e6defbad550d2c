import { useEffect, useState } from 'preact/hooks';
import { useNow } from '@/components/useNow';
import { listTrackedPushes } from '@/lib/watch/read';
import type { TrackedPush } from '@/lib/watch/types';
import { pushLabel } from '@/lib/watch/label';
import { RECENT_COUNT, timeLeft, viewsLeft } from './recent';

function openDashboard(event: Event) {
  event.preventDefault();
  browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html') }).catch((error: unknown) => {
    console.error('Could not open the dashboard', error);
  });
}

/**
 * The last pushes created on this server, from the watcher's cache. Reloads when the watcher bumps
 * 'watchRevision' (after a refresh that changed something, or a push recorded here).
 */
export function RecentPushes({ server }: { server: string }) {
  const [pushes, setPushes] = useState<TrackedPush[] | null>(null);
  const [failed, setFailed] = useState(false);
  const now = useNow(1000);

  useEffect(() => {
    let live = true;
    const load = () =>
      listTrackedPushes(server).then(
        (all) => {
          if (!live) return;
          setPushes(all.slice(0, RECENT_COUNT));
          setFailed(false);
        },
        (error: unknown) => {
          console.error('Could not read the recent pushes', error);
          if (live) setFailed(true);
        },
      );
    void load();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && 'watchRevision' in changes) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [server]);

  return (
    <section class="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent pushes</h2>
      {failed && <p class="sp-hint">The recent pushes could not be read.</p>}
      {pushes?.length === 0 && <p class="sp-hint">No pushes yet.</p>}
      {pushes && pushes.length > 0 && (
        <ul>
          {pushes.map((push) => (
            <li key={push.url_token}>
              <span class="recent-name">{pushLabel(push)}</span>
              <span class="sp-hint">
                {viewsLeft(push)}
                {timeLeft(push, now) && ` · ${timeLeft(push, now)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <a href={browser.runtime.getURL('/dashboard.html')} onClick={openDashboard}>
        Open dashboard
      </a>
    </section>
  );
}
