/**
 * The servers' version answers the background's clients read in this browser session (issue 22). A client
 * asks the version once before its first create (lib/api/client.ts); a kept connection (kept.ts) keeps its
 * client only while the service worker lives, so every woken worker's first quick push asked it again:
 * a round trip before the create, the largest part of a cold quick push's extra time. The answer is public
 * and the same for every caller, so it is kept per base URL in storage.session (items.ts), read back through
 * zod, and lost with the browser session like the worker's own memory would be at the latest.
 */
import { versionSchema, type VersionInfo } from '@/lib/api';
import { quickPushVersionsItem } from '@/lib/store';
import { z } from '@/lib/zod';

export interface KnownVersions {
  /** The answers kept, by base URL; empty when none is or storage cannot be read. */
  read(): Promise<Record<string, VersionInfo>>;
  /** Keeps a server's answer. */
  remember(baseUrl: string, info: VersionInfo): Promise<void>;
}

/** The answers in storage.session; anything that is not a version answer is dropped on the way in. */
export function sessionVersions(item = quickPushVersionsItem): KnownVersions {
  const read = async () => {
    const all = await item.getValue().catch(() => ({}));
    const valid = Object.entries(all).flatMap(([url, info]) => {
      const parsed = z.safeParse(versionSchema, info);
      return parsed.success ? [[url, parsed.data] as const] : [];
    });
    return Object.fromEntries(valid);
  };
  return {
    read,
    async remember(baseUrl, info) {
      await item.setValue({ ...(await read()), [baseUrl]: info });
    },
  };
}
