/**
 * A push's link as the dashboard hands it on (copy, open, QR code), each time only after lib/api/link.ts
 * passed it for the push's server (components/dashboard/links.ts, loaded on demand). Opening asks first (it
 * may use a view); each outcome is said where it was asked for: a copy in its row, an open in its dialog.
 */
import { useMemo, useState } from 'preact/hooks';
import { loadLinks, OPEN_DIALOG } from '@/components/dashboard/parts';
import type { TrackedPush } from '@/lib/watch/types';

export interface PushLinks {
  /** Rejects with an Error saying in words why the link was not copied. */
  copyLink(push: TrackedPush): Promise<void>;
  /**
   * The push whose page the dialog asks about (asked once the dialog and the link's check have loaded), its
   * link when it passed, else why it may not open (then the dialog only says so).
   */
  opening: { push: TrackedPush | null; url?: string; problem?: string };
  askOpen(push: TrackedPush): void;
  confirmOpen(): void;
  cancelOpen(): void;
  /** Draws the QR code of a listed push's link, refusing any link that does not pass. */
  renderQr(text: string): Promise<string>;
}

const copyLink = async (push: TrackedPush) => (await loadLinks()).copyLink(push);

export function usePushLinks(pushes: TrackedPush[]): PushLinks {
  const [opening, setOpening] = useState<PushLinks['opening']>({ push: null });
  const askOpen = (push: TrackedPush) => {
    Promise.all([loadLinks(), OPEN_DIALOG.load()]).then(
      ([links]) => setOpening({ push, ...links.passed(push, 'opened') }),
      (error: unknown) => console.error('A part of the page could not be loaded', error),
    );
  };
  const confirmOpen = () => {
    const { url } = opening;
    setOpening({ push: null });
    if (url) window.open(url, '_blank', 'noopener');
  };
  const renderQr = useMemo(
    () => async (text: string) => (await loadLinks()).qrOfListed(pushes, text),
    [pushes],
  );
  return { copyLink, opening, askOpen, confirmOpen, cancelOpen: () => setOpening({ push: null }), renderQr };
}
