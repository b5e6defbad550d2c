/**
 * The popup's small menu in the Recent heading (issue 39 §3): "More" opens one command, "Expire everything
 * I pushed in the last hour", which asks first in place (how many pushes, on which servers; focus on Cancel),
 * then hands the run to the background. The run's progress and result show below, from what the background
 * stores, so a popup opened again shows them too. Loaded with the Recent part, never with the first screen.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { serverNames } from '@/components/expire-all/words';
import { ExpireAllStatus } from '@/components/expire-all/ExpireAllStatus';
import { runView, useExpireRun } from '@/components/expire-all/useExpireRun';
import { MoreIcon } from '@/components/icons';
import { describeError } from '@/lib/api/describe';
import { choosePushes, clearRun, serversOf, type ExpireScope } from '@/lib/expire-all';
import { plural, t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/read';
import { listTrackedPushes } from '@/lib/watch/view';

const LAST_HOUR: ExpireScope = { servers: null, window: 'hour' };

/** The question asked before the run: how many pushes, on which servers (none: nothing to expire). */
interface Asked {
  count: number;
  servers: string[];
}

/** The question in place: what the command expires (focus on Cancel, the safe answer), or that nothing is there. */
function Question({ asked, cancel, onConfirm, onCancel }: QuestionProps) {
  // Before the browser paints: a person (or a test) reading the question finds focus already on Cancel.
  useLayoutEffect(() => cancel.current?.focus(), [asked]);
  return (
    <div role="group" aria-labelledby="expire-menu-question">
      <p id="expire-menu-question">
        {asked.count > 0
          ? plural('expireAll_count', asked.count, serverNames(asked.servers))
          : t('expireAll_none')}
      </p>
      <div class="expire-menu-buttons">
        {asked.count > 0 && (
          <button type="button" class="danger" onClick={onConfirm}>
            {plural('dash_expireMany', asked.count)}
          </button>
        )}
        <button type="button" ref={cancel} onClick={onCancel}>
          {asked.count > 0 ? t('dash_cancel') : t('dash_close')}
        </button>
      </div>
    </div>
  );
}

interface QuestionProps {
  asked: Asked;
  cancel: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ExpireMenu({ settings }: { settings: Settings }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const { run, start } = useExpireRun();
  const view = useMemo(() => runView(run), [run]);
  const toggle = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // Once the question is gone, focus is back on More.
  const close = () => {
    setAsked(null);
    setOpen(false);
    toggle.current?.focus();
  };
  const ask = async () => {
    try {
      const chosen = choosePushes(
        await listTrackedPushes(undefined, undefined, settings),
        LAST_HOUR,
        Date.now(),
      );
      setAsked({ count: chosen.length, servers: serversOf(chosen) });
    } catch (error) {
      announce(describeError(error));
    }
  };
  const confirm = () => {
    close();
    void start(LAST_HOUR);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div class="expire-menu" onKeyDown={onKeyDown}>
      <button
        type="button"
        class="expire-menu-toggle"
        ref={toggle}
        aria-expanded={open}
        aria-controls={open ? 'expire-menu-panel' : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <MoreIcon /> {t('expireAll_menu')}
      </button>
      {open && (
        <div id="expire-menu-panel" class="expire-menu-panel">
          {!asked ? (
            <button type="button" class="danger" onClick={() => void ask()}>
              {t('expireAll_lastHour')}
            </button>
          ) : (
            <Question asked={asked} cancel={cancel} onConfirm={confirm} onCancel={close} />
          )}
        </div>
      )}
      <ExpireAllStatus
        run={view}
        onDismiss={() => {
          void clearRun();
          toggle.current?.focus();
        }}
      />
    </div>
  );
}
