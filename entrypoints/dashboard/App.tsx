import { useEffect, useMemo, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { ActivityList } from '@/components/dashboard/ActivityList';
import type { AuditState } from '@/components/dashboard/AuditTimeline';
import { ConfirmDialog } from '@/components/dashboard/ConfirmDialog';
import { ExportBar, type ExportFormat, type ExportWhat } from '@/components/dashboard/ExportBar';
import { DEFAULT_FILTERS, filterPushes, type Filters } from '@/components/dashboard/filter';
import { FilterBar } from '@/components/dashboard/FilterBar';
import { formatTime } from '@/components/dashboard/format';
import { PushItem } from '@/components/dashboard/PushItem';
import { RefreshBar } from '@/components/dashboard/RefreshBar';
import { SelectionBar, type SelectionBarProps } from '@/components/dashboard/SelectionBar';
import { useNow } from '@/components/useNow';
import { describeError } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { auditCsv, auditJson, exportFileName, pushesCsv, pushesJson } from '@/lib/export';
import { sendMessage } from '@/lib/messages/runtime';
import { qrSvg } from '@/lib/push/qr';
import { loadSettings, watchSettings, type Settings } from '@/lib/store/settings';
import { pushLabel } from '@/lib/watch/label';
import { watchMessages } from '@/lib/watch/messages';
import type { RefreshSummary, TrackedPush, WatcherState } from '@/lib/watch/types';
import { useTracked } from './data';
import { downloadText, fetchAudits } from './files';

const HIDDEN: AuditState = { state: 'hidden' };

/** Why a refresh asked for did not run or failed, in words; undefined when it ran. */
function refreshProblem(summary: RefreshSummary): string | undefined {
  if (summary.error) return describeError(summary.error);
  if (summary.status === 'waiting' && summary.nextAttemptAt)
    return `The server asked to wait: next refresh after ${formatTime(new Date(summary.nextAttemptAt).toISOString())}.`;
  return undefined;
}

/** The last refresh that succeeded, whoever started it (the alarm, this page, another tab). */
function lastRefreshed(state: WatcherState | null): string | null {
  return state?.lastSuccessAt ? new Date(state.lastSuccessAt).toISOString() : null;
}

/** The watcher's last attempt failed after its last success: say why. */
function watcherProblem(state: WatcherState | null): string | undefined {
  if (!state?.lastError || (state.lastSuccessAt ?? 0) >= (state.lastAttemptAt ?? 0)) return undefined;
  return describeError(state.lastError);
}

function serverOf(settings: Settings | null): string | null {
  if (!settings) return null;
  return settings.demoMode ? DEMO_BASE_URL : (settings.server?.url ?? null);
}

/** The dashboard: every push sent from this browser to the current server, and what happened to it. */
export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [settingsError, setSettingsError] = useState<string>();
  useEffect(() => {
    loadSettings().then(setSettings, (error: unknown) => setSettingsError(describeError(error)));
    return watchSettings(setSettings);
  }, []);

  const server = serverOf(settings);
  const tracked = useTracked(server);
  const now = useNow();
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [audits, setAudits] = useState<Record<string, AuditState>>({});
  const [confirm, setConfirm] = useState<TrackedPush[] | null>(null);
  const [expiring, setExpiring] = useState(false);
  const [expireReport, setExpireReport] = useState<SelectionBarProps['report']>(null);
  // The outcome of this page's own Refresh click; scheduled refreshes are read from the watcher's state.
  const [refresh, setRefresh] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const [exportState, setExportState] = useState<{ busy: boolean; status?: string }>({ busy: false });
  const [notice, setNotice] = useState('');

  const pushes = tracked.pushes ?? [];
  // Filtering against a clock that ticks every second would re-sort on every tick; once a minute is enough
  // for a push to move from "active" to "expired" in the filter (its own card updates every second).
  const minute = Math.floor(now / 60_000) * 60_000;
  const shown = useMemo(() => filterPushes(pushes, filters, minute), [pushes, filters, minute]);
  const titles = useMemo(
    () => Object.fromEntries(pushes.map((push) => [push.url_token, pushLabel(push)])),
    [pushes],
  );

  if (!settings)
    return (
      <main>
        <h1>Secret Push dashboard</h1>
        {settingsError && <p role="alert">{settingsError}</p>}
      </main>
    );

  const optionsUrl = browser.runtime.getURL('/options.html');
  const hasToken = settings.demoMode || Boolean(settings.token);
  const needsToken = !hasToken || Boolean(tracked.watcher?.needsToken);
  const canAudit = (push: TrackedPush) => hasToken && push.source === 'server';
  const shownSelected = shown.filter((push) => selected.has(push.url_token));

  const select = (token: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(token);
    else next.delete(token);
    setSelected(next);
  };

  const toggleAudit = (push: TrackedPush) => {
    const token = push.url_token;
    if ((audits[token] ?? HIDDEN).state !== 'hidden') {
      setAudits({ ...audits, [token]: HIDDEN });
      return;
    }
    setAudits((all) => ({ ...all, [token]: { state: 'loading' } }));
    sendMessage(watchMessages.audit, { url_token: token }).then(
      (entries) => setAudits((all) => ({ ...all, [token]: { state: 'shown', entries } })),
      (error: unknown) =>
        setAudits((all) => ({ ...all, [token]: { state: 'failed', message: describeError(error) } })),
    );
  };

  const onRefresh = () => {
    setRefresh({ busy: true });
    sendMessage(watchMessages.refresh, undefined)
      .then(
        (summary) => setRefresh({ busy: false, error: refreshProblem(summary) }),
        (error: unknown) => setRefresh({ busy: false, error: describeError(error) }),
      )
      // The watcher bumps watchRevision after the refresh too; reloading here also covers a worker that
      // answered before the storage change reached this page.
      .finally(tracked.reload);
  };

  const onConfirmExpire = () => {
    const targets = confirm ?? [];
    setConfirm(null);
    setExpiring(true);
    setExpireReport(null);
    sendMessage(watchMessages.expire, { url_tokens: targets.map((push) => push.url_token) })
      .then(
        ({ expired, failed }) => {
          setExpireReport({
            expired: expired.length,
            failed: failed.map(({ url_token, error }) => ({
              title: titles[url_token] ?? url_token,
              reason: describeError(error),
            })),
          });
          const next = new Set(selected);
          expired.forEach((token) => next.delete(token));
          setSelected(next);
          tracked.reload();
        },
        (error: unknown) =>
          setExpireReport({
            expired: 0,
            failed: targets.map((push) => ({ title: pushLabel(push), reason: describeError(error) })),
          }),
      )
      .finally(() => setExpiring(false));
  };

  const onExport = (what: ExportWhat, format: ExportFormat) => {
    const at = Date.now();
    const fileName = exportFileName(what, format, at);
    if (what === 'pushes') {
      downloadText(format === 'csv' ? pushesCsv(shown, at) : pushesJson(shown, at), fileName, format);
      setExportState({ busy: false, status: `Saved ${fileName}` });
      return;
    }
    setExportState({ busy: true, status: 'Reading the audit logs…' });
    fetchAudits(shown.filter(canAudit), (done, total) =>
      setExportState({ busy: true, status: `Reading the audit logs (${done} of ${total})…` }),
    ).then(
      (list) => {
        downloadText(format === 'csv' ? auditCsv(list) : auditJson(list, at), fileName, format);
        setExportState({ busy: false, status: `Saved ${fileName}` });
      },
      (error: unknown) =>
        setExportState({ busy: false, status: `The audit logs were not exported: ${describeError(error)}` }),
    );
  };

  const copyLink = (push: TrackedPush) => {
    navigator.clipboard.writeText(push.html_url).then(
      () => setNotice(`Link to ${pushLabel(push)} copied`),
      (error: unknown) => setNotice(`The link could not be copied: ${describeError(error)}`),
    );
  };

  return (
    <main>
      <h1>Secret Push dashboard</h1>
      {settings.demoMode && <DemoBanner settingsHref={optionsUrl} />}
      {needsToken && (
        <p class="notice" role="note">
          Views need an API token: without one, pushes are tracked by time only.{' '}
          <a href={optionsUrl} target="_blank" rel="noopener">
            Add a token in Settings
          </a>
        </p>
      )}
      <RefreshBar
        busy={refresh.busy}
        lastRefreshed={lastRefreshed(tracked.watcher)}
        error={refresh.error ?? watcherProblem(tracked.watcher)}
        onRefresh={onRefresh}
      />
      {tracked.error && (
        <p role="alert" class="error">
          The list could not be read: {tracked.error}
        </p>
      )}
      <ActivityList events={tracked.events} titles={titles} />
      <section aria-labelledby="pushes-title">
        <h2 id="pushes-title">Your pushes</h2>
        <FilterBar filters={filters} onChange={(patch) => setFilters({ ...filters, ...patch })} />
        <SelectionBar
          selected={shownSelected.length}
          shown={shown.length}
          busy={expiring}
          report={expireReport}
          onSelectAll={(all) => setSelected(new Set(all ? shown.map((push) => push.url_token) : []))}
          onExpireSelected={() => setConfirm(shownSelected)}
        />
        <ExportBar
          auditAvailable={hasToken}
          busy={exportState.busy}
          status={exportState.status}
          onExport={onExport}
        />
        <p role="status" class="hint">
          {notice}
        </p>
        {tracked.pushes === null ? (
          <p class="hint">Loading…</p>
        ) : shown.length === 0 ? (
          <p class="hint">
            {pushes.length === 0 ? 'No pushes sent from this browser yet.' : 'No push matches the filters.'}
          </p>
        ) : (
          <ul class="pushes" aria-label="Pushes">
            {shown.map((push) => (
              <PushItem
                key={push.url_token}
                push={push}
                now={now}
                selected={selected.has(push.url_token)}
                onSelect={(on) => select(push.url_token, on)}
                audit={audits[push.url_token] ?? HIDDEN}
                onToggleAudit={canAudit(push) ? () => toggleAudit(push) : undefined}
                onCopyLink={() => copyLink(push)}
                onOpen={() => window.open(push.html_url, '_blank', 'noopener')}
                onExpire={() => setConfirm([push])}
                renderQr={qrSvg}
                hasToken={hasToken}
              />
            ))}
          </ul>
        )}
      </section>
      {confirm && confirm.length > 0 && (
        <ConfirmDialog
          title={
            confirm.length === 1 ? `Expire ${pushLabel(confirm[0]!)}?` : `Expire ${confirm.length} pushes?`
          }
          message="The link stops working at once for everyone. This cannot be undone."
          confirmLabel={confirm.length === 1 ? 'Expire push' : `Expire ${confirm.length} pushes`}
          onConfirm={onConfirmExpire}
          onCancel={() => setConfirm(null)}
        />
      )}
    </main>
  );
}
