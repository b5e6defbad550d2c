/**
 * The push the page's address names (dashboard.html#/push/<key>, lib/watch/push-address.ts), followed as
 * the address changes: the one of `pushes` whose opaque key it holds. Null until the list holding it is
 * read, and for a key none of them has (the page then shows no push as its location, and nothing else).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parsePushHash, pushOfKey, type PushAddress } from '@/lib/watch/view';

export function usePushAddress<T extends PushAddress>(pushes: readonly T[]): T | null {
  const [key, setKey] = useState(() => parsePushHash(location.hash));
  useEffect(() => {
    const follow = () => setKey(parsePushHash(location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return useMemo(() => pushOfKey(key, pushes) ?? null, [key, pushes]);
}
