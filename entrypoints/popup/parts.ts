/**
 * The popup's own parts loaded on demand (issue 22: listed in this one file), so the popup opens with the
 * form alone: its first screen evaluates neither, and neither is in its bytes at open.
 * - CREATED_PUSH, the result of a create (CreatedPush: the link, QR code, preview and the share actions),
 *   loaded as the form is filled (or, at the latest, while the push is being sent): useSubmit shows it only
 *   once it has arrived.
 * - RECENT_PUSHES, the recent pushes (Recent.tsx with the watcher's cache read behind it), asked for as the
 *   form's first render is done (App.tsx): it lies below the form, and its list waits for a read anyway.
 */
import { onDemand } from '@/components/onDemand';
import type { CreatedPushProps } from './CreatedPush';
import type { RecentPushesProps } from './Recent';

export const CREATED_PUSH = onDemand<CreatedPushProps>(() =>
  import('./CreatedPush').then((m) => m.CreatedPush),
);

export const RECENT_PUSHES = onDemand<RecentPushesProps>(() =>
  import('./Recent').then((m) => m.RecentPushes),
);
