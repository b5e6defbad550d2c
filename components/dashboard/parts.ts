/**
 * The dashboard's own parts loaded on demand (issue 22: listed in this one file), so that its first screen
 * neither fetches nor evaluates what only a person's action shows. Modules it shares with other pages are
 * chunks of their own, so each such import was a file more at every open: 6 of the 18 it loaded were these.
 * - PUSH_DETAILS, a row's expanded part (its facts and note, the preview with its QR code, open, audit log
 *   and expire): Details opens the row once it has arrived (whenLoaded); a row the page's address names
 *   loads it as it renders.
 * - OPEN_DIALOG, the question before a push's own page is opened, with the open warning's words.
 * - loadLinks, what hands a push's link on (links.ts: its check for the push's server, the copy and its
 *   clearing later, the QR code).
 * warmParts asks for all three once the first screen is drawn and the list read whole, so a click seldom
 * waits for one.
 */
import { onDemand } from '@/components/onDemand';
import type { OpenDialogProps } from './OpenDialog';
import type { PushDetailsProps } from './PushDetails';

export const PUSH_DETAILS = onDemand<PushDetailsProps>(() =>
  import('./PushDetails').then((m) => m.PushDetails),
);

export const OPEN_DIALOG = onDemand<OpenDialogProps>(() => import('./OpenDialog').then((m) => m.OpenDialog));

let links: Promise<typeof import('./links')> | undefined;

/** links.ts, loaded once (a failed load is tried again on the next call). */
export function loadLinks(): Promise<typeof import('./links')> {
  return (links ??= import('./links').catch((error: unknown) => {
    links = undefined;
    throw error;
  }));
}

/** Loads every part ahead of its first use; a part that fails now is tried again, and reported, when used. */
export function warmParts(): void {
  const quietly = () => undefined;
  void PUSH_DETAILS.load().catch(quietly);
  void OPEN_DIALOG.load().catch(quietly);
  void loadLinks().catch(quietly);
}
