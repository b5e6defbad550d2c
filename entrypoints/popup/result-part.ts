/**
 * The result of a create (CreatedPush: the link, QR code, preview and the share actions), loaded while the
 * push is being sent: useSubmit shows it only once it has arrived, so the popup opens without it.
 */
import { onDemand } from '@/components/onDemand';
import type { CreatedPushProps } from './CreatedPush';

export const CREATED_PUSH = onDemand<CreatedPushProps>(() =>
  import('./CreatedPush').then((m) => m.CreatedPush),
);
