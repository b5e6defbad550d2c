import type { VersionInfo } from './schemas';
import type { Edition } from './types';

function enabled(features: Record<string, unknown> | undefined, name: string): boolean {
  const feature = features?.[name];
  return (
    typeof feature === 'object' && feature !== null && (feature as { enabled?: unknown }).enabled === true
  );
}

/**
 * The edition a version response describes. 'commercial' is pro and 'oss' is oss (reference §13). Any
 * other value counts as pro only when it has the pro shape: a feature the open-source server does not
 * have (accounts or requests enabled). Otherwise oss, because oss requests are the subset both editions
 * understand: pro maps a legacy `expire_after_days` and reads `?passphrase=` too (contract §3, §5), while
 * an oss server silently ignores a pro duration and would give the push its default expiry.
 */
export function editionOf(version: VersionInfo): Edition {
  if (version.edition === 'commercial') return 'pro';
  if (version.edition === 'oss') return 'oss';
  return enabled(version.features, 'accounts') || enabled(version.features, 'requests') ? 'pro' : 'oss';
}
