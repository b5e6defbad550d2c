import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { handoffClock, handoffOf, handoffStore, type Copied, type Handoff } from '@/lib/handoff';
import type { FormState } from '@/lib/push/form';
import type { PopupContext } from './context';
import type { SentPush } from './connect';

export interface HandoffHooks {
  /** The result kept from an earlier popup (read as this one opened), until New push or Done. */
  kept: Handoff | undefined;
  /** The result of this popup's create, as kept. */
  fresh: Handoff | undefined;
  /** Keeps a create's result (awaited before its link shows, so a popup closed at once still kept it). */
  keep(result: SentPush, sent: FormState): Promise<void>;
  /** A value the generator made: kept with the result if the push is created with it. */
  made(value: string): void;
  /** What the result just put on the clipboard. */
  copied(what: Copied): void;
  /** New push or Done: the kept result is erased. */
  erase(): void;
}

/** The servers the popup's settings still have: a result of any other is not shown (and is erased). */
function knownServers(context: PopupContext): string[] {
  if (context.server === null) return [];
  return context.demoMode ? [context.server] : context.servers;
}

/** Whether the form as sent still holds `value` where the generator put it (the secret, a Wi-Fi password). */
function holds(sent: FormState, value: string): boolean {
  if (sent.kind === 'text') return sent.payload === value;
  return sent.kind === 'qr' && sent.qrSource === 'wifi' && sent.wifi.password === value;
}

/**
 * The popup's side of the hand-off (lib/handoff): reads the kept result once the settings say which servers
 * exist, keeps each new result, and erases it at New push or Done. `report` shows a failure as the form's notice.
 */
export function useHandoff(
  context: PopupContext | undefined,
  report: (error: unknown) => void,
): HandoffHooks {
  const clock = useMemo(() => handoffClock(), []);
  const now = useRef<() => number>(Date.now);
  const store = useMemo(() => handoffStore({ now: () => now.current() }), []);
  const generated = useRef<string | undefined>(undefined);
  const [kept, setKept] = useState<Handoff>();
  const [fresh, setFresh] = useState<Handoff>();
  const read = useRef(false);

  useEffect(() => {
    if (!context || read.current) return;
    read.current = true;
    const servers = knownServers(context);
    clock
      .then((moved) => {
        now.current = moved;
        return store.read(servers);
      })
      .then(setKept, report);
  }, [context]);

  // Never rejects: the push exists whatever happens here, and its link is shown; a failure is reported.
  const keep = async (result: SentPush, sent: FormState) => {
    if (!result.link.ok) return;
    try {
      const made = generated.current;
      const handoff = handoffOf(result, {
        server: context?.server ?? '',
        demo: context?.demoMode ?? false,
        link: result.link.url,
        passphrase: sent.options.passphrase,
        secret: made !== undefined && holds(sent, made) ? made : null,
        savedAt: (await clock)(),
      });
      setKept(undefined);
      setFresh(handoff);
      await store.keep(handoff);
    } catch (error) {
      report(error);
    }
  };

  return {
    kept,
    fresh,
    keep,
    made: (value) => {
      generated.current = value;
    },
    copied: (what) => void store.copied(what).catch(report),
    erase: () => {
      setKept(undefined);
      setFresh(undefined);
      generated.current = undefined;
      store.erase().catch(report);
    },
  };
}
