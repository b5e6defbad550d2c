/**
 * The create request of a quick push: the payload (or the image) with the user's saved push defaults.
 */
import type { CreatePushInput } from '@/lib/api';
import { AppError } from '@/lib/errors';
import type { PushDefaults } from '@/lib/settings';
import type { QuickRequest } from './types';

export interface ImageFile {
  name: string;
  type: string;
  data: Blob;
}

/**
 * Both expiry forms are sent and the client keeps the one its server's edition understands (pro: the
 * duration, oss: the days), so no version request is needed first. The "generate a passphrase" default is
 * not applied: a quick push has no screen to show the passphrase on, and a notification must never hold it.
 */
export function quickCreateInput(
  request: QuickRequest,
  defaults: PushDefaults,
  image?: ImageFile,
): CreatePushInput {
  const options: CreatePushInput = {
    expire_after_duration: defaults.expireAfterDuration,
    expire_after_days: defaults.expireAfterDays,
    expire_after_views: defaults.expireAfterViews,
    retrieval_step: defaults.retrievalStep,
    deletable_by_viewer: defaults.deletableByViewer,
  };
  if (request.name) options.name = request.name;
  if (request.kind !== 'image') return { kind: request.kind, payload: request.payload, ...options };
  if (!image) throw new AppError('internal', 'An image push needs the fetched image.');
  return { kind: 'file', files: [image], ...options };
}
