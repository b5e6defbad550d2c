/**
 * What the popup needs to show the form, read straight from the settings items. Kept free of the API client
 * and its schemas (zod) so the popup opens light; connect.ts loads those when a push is sent.
 */
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import type { Edition } from '@/lib/api/types';
import {
  demoModeItem,
  deviceTokenItem,
  pushDefaultsItem,
  serverItem,
  sessionTokenItem,
  tokenPlaceItem,
  type PushDefaults,
} from '@/lib/store/items';

export interface PopupContext {
  demoMode: boolean;
  /** The base URL pushes go to (DEMO_BASE_URL in demo mode); null when no server is usable. */
  server: string | null;
  /** The edition saved with the server when it was checked; undefined when it must be asked. */
  edition?: Edition;
  /** A token will be sent: files and e-mail notifications need one. The demo service always has its own. */
  signedIn: boolean;
  defaults: PushDefaults;
}

export async function loadPopupContext(): Promise<PopupContext> {
  const [demoMode, server, tokenPlace, defaults] = await Promise.all([
    demoModeItem.getValue(),
    serverItem.getValue(),
    tokenPlaceItem.getValue(),
    pushDefaultsItem.getValue(),
  ]);
  // The demo service runs the pro engine; its token is created by the background at install.
  if (demoMode) return { demoMode, server: DEMO_BASE_URL, edition: 'pro', signedIn: true, defaults };
  const token = await (tokenPlace === 'device' ? deviceTokenItem : sessionTokenItem).getValue();
  return {
    demoMode,
    server: server?.url ?? null,
    edition: server?.edition,
    signedIn: Boolean(token),
    defaults,
  };
}
