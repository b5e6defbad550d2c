import { useNow } from '@/components/useNow';
import { RecentItem } from '@/components/push/RecentItem';
import { t } from '@/lib/i18n';
import { pushLabel, DASHBOARD_PATH, pushPath } from '@/lib/watch/view';
import type { Settings } from '@/lib/settings/read';
import type { TrackedPush } from '@/lib/watch/types';
import { hasEnded, recentFacts } from './recent';
import { copyRecentLink, recentQr } from './recent-links';
import { useRecentPushes } from './useRecent';
import { ExpireMenu } from './ExpireMenu';

/** Opens the dashboard at `path` (the dashboard, or a push's own address) in a new tab. */
function openAt(path: string) {
  return (event: Event) => {
    event.preventDefault();
    browser.tabs.create({ url: browser.runtime.getURL(path as '/') }).catch((error: unknown) => {
      console.error('Could not open the dashboard', error);
    });
  };
}
const openDashboard = openAt(DASHBOARD_PATH);

/** A recent push's link to its own row in the dashboard. */
function openPush(push: TrackedPush) {
  const path = pushPath(push);
  return { href: browser.runtime.getURL(path as '/'), onOpen: openAt(path) };
}

export interface RecentPushesProps {
  /** The base URL the popup sends to: only its pushes are listed. */
  server: string;
  /** The settings the popup read (App.tsx): the list reads the cache for them, not the settings again. */
  settings: Settings;
}

/**
 * The last pushes created on this server, from the watcher's cache (so closing the popup loses no link),
 * each with its views and time left, Copy link and its QR code; and the way to the dashboard. Loaded on
 * demand (parts.ts).
 */
export function RecentPushes({ server, settings }: RecentPushesProps) {
  const { pushes, failed } = useRecentPushes(server, settings);
  const now = useNow(1000);

  return (
    <section class="recent" aria-labelledby="recent-title">
      {/* The way to the dashboard on the heading's line: the popup's 600 px keep the form whole. */}
      <div class="recent-head">
        <h2 id="recent-title">{t('popup_recentTitle')}</h2>
        <a href={browser.runtime.getURL('/dashboard.html')} onClick={openDashboard}>
          {t('popup_openDashboard')}
        </a>
        {/* Nothing to expire before the first push: the heading keeps to its line (the form fits 600 px). */}
        {pushes && pushes.length > 0 && <ExpireMenu settings={settings} />}
      </div>
      {failed && <p class="sp-hint">{t('popup_recentFailed', failed)}</p>}
      {pushes?.length === 0 && <p class="sp-hint">{t('popup_noPushes')}</p>}
      {pushes && pushes.length > 0 && (
        <ul>
          {pushes.map((push) => {
            const facts = recentFacts(push, now);
            const live = !hasEnded(push, now);
            return (
              <RecentItem
                key={push.url_token}
                label={pushLabel(push)}
                facts={facts}
                url={live ? push.html_url : undefined}
                onCopy={() => copyRecentLink(push)}
                renderQr={() => recentQr(push)}
                open={openPush(push)}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
