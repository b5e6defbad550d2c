import { useNow } from '@/components/useNow';
import { pushLabel } from '@/lib/watch/label';
import { timeLeft, viewsLeft } from './recent';
import { useRecentPushes } from './useRecent';

function openDashboard(event: Event) {
  event.preventDefault();
  browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html') }).catch((error: unknown) => {
    console.error('Could not open the dashboard', error);
  });
}

/** The last pushes created on this server, with their views and time left, and the way to the dashboard. */
export function RecentPushes({ server }: { server: string }) {
  const { pushes, failed } = useRecentPushes(server);
  const now = useNow(1000);

  return (
    <section class="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent pushes</h2>
      {failed && <p class="sp-hint">The recent pushes could not be read: {failed}</p>}
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
