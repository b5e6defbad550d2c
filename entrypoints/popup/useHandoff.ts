import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { handoffClock, handoffOf, handoffStore, type Copied, type Handoff } from '@/lib/handoff';
import { formHasInput, type FormState } from '@/lib/push/form';
import type { PopupContext } from './context';
import type { SentPush } from './connect';

export interface HandoffHooks {
  /** The result of this popup's create, as kept. */
  fresh: Handoff | undefined;
  /**
   * Keeps a create's result: shown at once (`fresh`), and handed to storage in the same turn, before the link
   * is drawn, so a popup closed as soon as it shows still kept it. Settles once storage has it.
   */
  keep(result: SentPush, sent: FormState): Promise<void>;
  /** Keeps the result of an upload an earlier popup handed over (lib/upload), met by this one. */
  keepWatched(result: SentPush, passphrase: string): Promise<void>;
  /** A value the generator made: kept with the result if the push is created with it. */
  made(value: string): void;
  /** What the result just put on the clipboard. */
  copied(what: Copied): void;
  /** New push or Done: the kept result is erased (settled once it is gone from storage, or a failure reported). */
  erase(): Promise<void>;
}

/** Whether the form as sent still holds `value` where the generator put it (the secret, a Wi-Fi password). */
function holds(sent: FormState, value: string): boolean {
  if (sent.kind === 'text') return sent.payload === value;
  return sent.kind === 'qr' && sent.qrSource === 'wifi' && sent.wifi.password === value;
}

/**
 * The popup's side of the hand-off (lib/handoff; App.tsx reads an earlier popup's result as the popup opens):
 * keeps each new result with the generator's secret when the push holds it, notes each copy, and erases the
 * kept result at New push or Done. `report` shows a failure as the form's notice; `onKeptGone` tells the
 * page an earlier popup's result is no longer to be shown.
 */
export function useHandoff(
  context: PopupContext | undefined,
  report: (error: unknown) => void,
  onKeptGone: () => void = () => undefined,
): HandoffHooks {
  const clock = useMemo(() => handoffClock(), []);
  // The clock once read, so a result is kept in the turn its push arrives (no wait for a known answer).
  const clockNow = useRef<(() => number) | undefined>(undefined);
  useEffect(() => void clock.then((now) => (clockNow.current = now)), []);
  const store = useMemo(() => clock.then((now) => handoffStore({ now })), []);
  const generated = useRef<string | undefined>(undefined);
  const [fresh, setFresh] = useState<Handoff>();

  // Never rejects: the push exists whatever happens here, and its link is shown; a failure is reported.
  const keepAs = async (result: SentPush, passphrase: string, secret: string | null) => {
    if (!result.link.ok) return;
    try {
      const handoff = handoffOf(result, {
        // Where the push went (a server picked in the popup, or an earlier popup's upload's), not the default.
        server: result.server,
        demo: context?.demoMode ?? false,
        link: result.link.url,
        passphrase,
        secret,
        savedAt: (clockNow.current ?? (await clock))(),
      });
      onKeptGone();
      setFresh(handoff);
      await (await store).keep(handoff);
    } catch (error) {
      report(error);
    }
  };

  const keep = (result: SentPush, sent: FormState) => {
    const made = generated.current;
    return keepAs(result, sent.options.passphrase, made !== undefined && holds(sent, made) ? made : null);
  };

  return {
    fresh,
    keep,
    // A file push: the generator never makes a file, so only its passphrase goes with it.
    keepWatched: (result, passphrase) => keepAs(result, passphrase, null),
    made: (value) => {
      generated.current = value;
    },
    copied: (what) => void store.then((kept) => kept.copied(what)).catch(report),
    erase: () => {
      onKeptGone();
      setFresh(undefined);
      generated.current = undefined;
      return store.then((kept) => kept.erase()).catch(report);
    },
  };
}

/**
 * An earlier popup's kept result, shown in place of the empty form: decided once, as it arrives (typed into
 * already, the form stays, and the result reappears on no keystroke). Focus goes to the secret on open and
 * after a reset (a kept result's New push too), so typing can start at once, unless the result is shown.
 */
export function useRestored(
  kept: Handoff | undefined,
  state: FormState,
  onKeptGone: () => void = () => undefined,
): Handoff | undefined {
  useEffect(() => {
    if (kept && formHasInput(state)) onKeptGone();
  }, [kept]);
  const restored = kept && state.status === 'idle' && !formHasInput(state) ? kept : undefined;
  useEffect(() => {
    if (state.status === 'idle' && state.submission === 0 && !restored)
      document.getElementById('sp-secret')?.focus();
  }, [state.status, state.submission, Boolean(restored)]);
  return restored;
}
