import { useMemo } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { ActivityList } from '@/components/dashboard/ActivityList';
import { ExpireDialog } from '@/components/dashboard/ExpireDialog';
import { ExportBar } from '@/components/dashboard/ExportBar';
import { FilterBar } from '@/components/dashboard/FilterBar';
import { PushList } from '@/components/dashboard/PushList';
import { RefreshBar } from '@/components/dashboard/RefreshBar';
import { SelectionBar } from '@/components/dashboard/SelectionBar';
import { TokenNotice } from '@/components/dashboard/TokenNotice';
import { useNow } from '@/components/useNow';
import { isSignedIn, targetBaseUrl } from '@/lib/connection/target';
import type { Settings } from '@/lib/store/settings';
import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';
import { useTracked } from './data';
import { useAudits } from './useAudits';
import { useExpire } from './useExpire';
import { useExport } from './useExport';
import { useFilteredPushes } from './useFilteredPushes';
import { usePushLinks } from './usePushLinks';
import { useRefresh } from './useRefresh';
import { useSelection } from './useSelection';

/** The dashboard once the settings are known: every push sent to the current server from this browser. */
export function Dashboard({ settings }: { settings: Settings }) {
  const tracked = useTracked(targetBaseUrl(settings));
  const now = useNow();
  const pushes = tracked.pushes ?? [];
  const { filters, changeFilters, shown } = useFilteredPushes(pushes, now);
  const titles = useMemo(
    () => Object.fromEntries(pushes.map((push) => [push.url_token, pushLabel(push)])),
    [pushes],
  );
  const hasToken = isSignedIn(settings);
  const canAudit = (push: TrackedPush) => hasToken && push.source === 'server';
  const selection = useSelection();
  const audits = useAudits();
  const refresh = useRefresh(tracked);
  const expire = useExpire(titles, (tokens) => {
    selection.drop(tokens);
    tracked.reload();
  });
  const exporter = useExport(shown, canAudit);
  const { notice, copyLink, openLink, renderQr } = usePushLinks(pushes);
  const shownSelected = shown.filter((push) => selection.selected.has(push.url_token));
  const optionsUrl = browser.runtime.getURL('/options.html');

  return (
    <main>
      <h1>Secret Push dashboard</h1>
      {settings.demoMode && <DemoBanner settingsHref={optionsUrl} />}
      {(!hasToken || tracked.watcher?.needsToken) && <TokenNotice optionsUrl={optionsUrl} />}
      <RefreshBar {...refresh} />
      {tracked.error && (
        <p role="alert" class="error">
          The list could not be read: {tracked.error}
        </p>
      )}
      <ActivityList events={tracked.events} titles={titles} />
      <section aria-labelledby="pushes-title">
        <h2 id="pushes-title">Your pushes</h2>
        <FilterBar filters={filters} onChange={changeFilters} />
        <SelectionBar
          selected={shownSelected.length}
          shown={shown.length}
          busy={expire.busy}
          report={expire.report}
          onSelectAll={(all) => selection.selectOnly(all ? shown.map((push) => push.url_token) : [])}
          onExpireSelected={() => expire.ask(shownSelected)}
        />
        <ExportBar auditAvailable={hasToken} {...exporter} />
        <p role="status" class="hint">
          {notice}
        </p>
        <PushList
          pushes={tracked.pushes}
          shown={shown}
          now={now}
          selected={selection.selected}
          audits={audits.audits}
          canAudit={canAudit}
          hasToken={hasToken}
          renderQr={renderQr}
          actions={{
            select: selection.select,
            toggleAudit: audits.toggle,
            copyLink,
            open: openLink,
            expire: (push) => expire.ask([push]),
          }}
        />
      </section>
      <ExpireDialog pushes={expire.asked ?? []} onConfirm={expire.confirm} onCancel={expire.cancel} />
    </main>
  );
}
