/** The push the page's address names (dashboard.html#/push/<server>/<url_token>), followed as it changes. */
import { useEffect, useState } from 'preact/hooks';
import { parsePushHash, type PushAddress } from '@/lib/watch/view';

export function usePushAddress(): PushAddress | null {
  const [address, setAddress] = useState(() => parsePushHash(location.hash));
  useEffect(() => {
    const follow = () => setAddress(parsePushHash(location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return address;
}
