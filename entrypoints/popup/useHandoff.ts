import { useMemo, useRef, useState } from 'preact/hooks';
import { handoffClock, handoffOf, handoffStore, type Copied, type Handoff } from '@/lib/handoff';
import type { FormState } from '@/lib/push/form';
import type { PopupContext } from './context';
import type { SentPush } from './connect';

export interface HandoffHooks {
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
  const store = useMemo(() => clock.then((now) => handoffStore({ now })), []);
  const generated = useRef<string | undefined>(undefined);
  const [fresh, setFresh] = useState<Handoff>();

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
      onKeptGone();
      setFresh(handoff);
      await (await store).keep(handoff);
    } catch (error) {
      report(error);
    }
  };

  return {
    fresh,
    keep,
    made: (value) => {
      generated.current = value;
    },
    copied: (what) => void store.then((kept) => kept.copied(what)).catch(report),
    erase: () => {
      onKeptGone();
      setFresh(undefined);
      generated.current = undefined;
      store.then((kept) => kept.erase()).catch(report);
    },
  };
}
