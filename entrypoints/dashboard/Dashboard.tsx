import { useEffect, useMemo } from 'preact/hooks';
import { SettingsLinked } from '@/components/SettingsLinked';
import { DemoBanner } from '@/components/DemoBanner';
import { ActivityList } from '@/components/dashboard/ActivityList';
import { ExpireDialog } from '@/components/dashboard/ExpireDialog';
import { ExportMenu } from '@/components/dashboard/ExportMenu';
import { FilterBar } from '@/components/dashboard/FilterBar';
import { OPEN_DIALOG, warmParts } from '@/components/dashboard/parts';
import { PushList } from '@/components/dashboard/PushList';
import { RefreshBar } from '@/components/dashboard/RefreshBar';
import { SelectionBar } from '@/components/dashboard/SelectionBar';
import { TokenNotice } from '@/components/dashboard/TokenNotice';
import { Part } from '@/components/onDemand';
import { useNow } from '@/components/useNow';
import { isSignedIn, targetBaseUrl } from '@/lib/connection/target';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/read';
import { pushLabel } from '@/lib/watch/view';
import type { TrackedPush, WatchEvent } from '@/lib/watch/types';
import { serverName } from '@/lib/settings/read';
import { ALL_SERVERS, useTracked } from './data';
import { useAudits } from './useAudits';
import { ExpireAllTools } from './ExpireAll';
import { useExpire, type Expire } from './useExpire';
import { useExport } from './useExport';
import { useFailedAlerts } from './useFailedAlerts';
import { useEmpty } from './useEmpty';
import { useFilteredPushes } from './useFilteredPushes';
import { usePushAddress } from './usePushAddress';
import { usePushLinks, type PushLinks } from './usePushLinks';
import { useRefresh } from './useRefresh';
import { useSelection } from './useSelection';
import { useStable } from './useStable';

/** Times read "in 6 days", "2 minutes ago": a clock that moves once a minute is enough, and costs nothing. */
const MINUTE = 60_000;

/** Whether the push's own server has a token (several servers may be saved, some without one). */
function tokenFor(settings: Settings, server: string): boolean {
  return settings.demoMode || Boolean(settings.servers.find((s) => s.url === server)?.token);
}

/**
 * The name each event's push is shown under (pushLabel), by url_token: only those few are labelled, not all
 * the pushes (10,000 labels took 23 ms of the first screen under the profiler, issue 22).
 */
function useTitles(pushes: TrackedPush[], events: WatchEvent[]): Record<string, string> {
  return useMemo(() => {
    const named = new Set(events.map((event) => event.url_token));
    const titles: Record<string, string> = {};
    for (const push of pushes) if (named.has(push.url_token)) titles[push.url_token] = pushLabel(push);
    return titles;
  }, [pushes, events]);
}

/** The question before a push's own page opens, while one is asked about (a part loaded on demand). */
function OpenQuestion({ links }: { links: PushLinks }) {
  const { push, problem } = links.opening;
  if (!push) return null;
  return (
    <Part
      of={OPEN_DIALOG}
      push={push}
      problem={problem}
      onConfirm={links.confirmOpen}
      onCancel={links.cancelOpen}
    />
  );
}

/** The page's questions about pushes: before expiring some, and before opening one. */
function Questions({ expire, links }: { expire: Expire; links: PushLinks }) {
  return (
    <>
      <ExpireDialog pushes={expire.asked ?? []} onConfirm={expire.confirm} onCancel={expire.cancel} />
      <OpenQuestion links={links} />
    </>
  );
}

/**
 * The dashboard once the settings are known: every push sent to the current server from this browser. Until
 * the list is read whole (its first screen comes first, useTracked), "select all" and the exports are held
 * back: they would act on the first screen's pushes only.
 */
export function Dashboard({ settings }: { settings: Settings }) {
  const several = !settings.demoMode && settings.servers.length > 1;
  const serverUrls = settings.servers.map((server) => server.url);
  const tracked = useTracked(settings, several ? ALL_SERVERS : targetBaseUrl(settings));
  const now = useNow(MINUTE);
  const pushes = tracked.pushes ?? [];
  const { filters, changeFilters, shown, pending } = useFilteredPushes(pushes, now, tracked.whole);
  const titles = useTitles(pushes, tracked.events);
  const hasToken = isSignedIn(settings);
  const canAudit = (push: TrackedPush) => tokenFor(settings, push.server) && push.source === 'server';
  const selection = useSelection();
  const failedAlerts = useFailedAlerts();
  const focus = usePushAddress(pushes);
  const audits = useAudits();
  const refresh = useRefresh(tracked);
  const expire = useExpire(selection.drop, tracked.reload);
  const exporter = useExport(shown, pushes.length, canAudit);
  const links = usePushLinks(pushes);
  const actions = useStable({
    select: selection.select,
    toggleAudit: audits.toggle,
    copyLink: links.copyLink,
    open: links.askOpen,
    expire: (push: TrackedPush) => expire.ask([push]),
  });
  const shownSelected = shown.filter((push) => selection.selected.has(push.url_token));
  const optionsUrl = browser.runtime.getURL('/options.html');
  const empty = useEmpty(tracked, shown.length, refresh, hasToken, optionsUrl, pending);
  // The parts only an action shows, once the first screen is drawn and the list read whole (parts.ts).
  useEffect(() => void (tracked.whole && warmParts()), [tracked.whole]);

  return (
    <main>
      <header class="page-head">
        <h1>{t('page_dashboardTitle')}</h1>
        <RefreshBar {...refresh} now={now} />
      </header>
      {settings.demoMode && <DemoBanner settingsHref={optionsUrl} />}
      {(!hasToken || tracked.watcher?.needsToken) && <TokenNotice optionsUrl={optionsUrl} />}
      {tracked.error && (
        <p role="alert" class="error">
          <SettingsLinked text={t('dash_listFailed', tracked.error)} href={optionsUrl} />
        </p>
      )}
      <ActivityList events={tracked.events} titles={titles} now={now} failedAlerts={failedAlerts} />
      <section aria-labelledby="pushes-title" class="pushes-section">
        <div class="toolbar">
          <h2 id="pushes-title">{t('dash_yourPushes')}</h2>
          <FilterBar filters={filters} onChange={changeFilters} servers={several ? serverUrls : undefined} />
          <ExpireAllTools pushes={pushes} whole={tracked.whole} servers={several ? serverUrls : []} />
          <ExportMenu auditAvailable={hasToken} {...exporter} busy={exporter.busy || !tracked.whole} />
        </div>
        <SelectionBar
          selected={shownSelected.length}
          shown={tracked.whole ? shown.length : 0}
          busy={expire.busy}
          report={expire.report}
          onSelectAll={(all) => selection.selectOnly(all ? shown.map((push) => push.url_token) : [])}
          onExpireSelected={() => expire.ask(shownSelected)}
        />
        <PushList
          shown={shown}
          total={pushes.length}
          whole={tracked.whole}
          empty={empty}
          now={now}
          selected={selection.selected}
          audits={audits.audits}
          canAudit={canAudit}
          hasToken={hasToken}
          serverName={several ? serverName : undefined}
          renderQr={links.renderQr}
          actions={actions}
          focus={focus}
        />
      </section>
      <Questions expire={expire} links={links} />
    </main>
  );
}
