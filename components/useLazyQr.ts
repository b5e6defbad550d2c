import { useEffect, useState } from 'preact/hooks';

export type LazyQr =
  | { state: 'hidden' }
  | { state: 'loading' }
  | { state: 'shown'; svg: string }
  | { state: 'failed' };

/**
 * A QR code drawn only once the person asks for it, so the encoder (loaded by `renderQr`) stays out of the
 * page's first load. A failure is a state to show in place of the image: the link itself still works.
 */
export function useLazyQr(
  url: string,
  renderQr: (text: string) => Promise<string>,
  /** Drawn at once, for a panel that exists only to show it. */
  shownAtFirst = false,
): { qr: LazyQr; wanted: boolean; toggle: () => void } {
  const [qr, setQr] = useState<LazyQr>({ state: shownAtFirst ? 'loading' : 'hidden' });
  const wanted = qr.state !== 'hidden';
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    renderQr(url).then(
      (svg) => current && setQr({ state: 'shown', svg }),
      () => current && setQr({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [wanted, url, renderQr]);
  return { qr, wanted, toggle: () => setQr(wanted ? { state: 'hidden' } : { state: 'loading' }) };
}
