/**
 * storage.managed, read only: what an organization set for the extension (Chrome's policies, Firefox's
 * policies.json `3rdparty.Extensions`). background.ts checks it; pages read the checked copy (read.ts).
 */

/**
 * Everything in storage.managed; undefined when the browser has none to offer (Firefox without a
 * policies.json entry rejects the read), which means no policy.
 */
export async function readManaged(): Promise<Record<string, unknown> | undefined> {
  try {
    return await browser.storage.managed.get();
  } catch (error) {
    console.info('No managed storage:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

/** Calls back whenever the organization's values change (Chrome reloads policies while running). */
export function watchManaged(callback: () => void): () => void {
  const listener = (_changes: unknown, area: string) => {
    if (area === 'managed') callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
