import { act, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExport } from '@/entrypoints/dashboard/useExport';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { useLiveRegion } from '../../sp-live';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download', () => ({ saveFile }));

afterEach(() => saveFile.mockReset());

/** The page's one live region, as dashboard/index.html holds it from load. */
const liveRegion = useLiveRegion();

describe('useExport', () => {
  it('saves the first export once its builders have loaded on demand (the click is not lost)', async () => {
    const live = liveRegion();
    const { result } = renderHook(() => useExport([trackedPush()], 1, () => false));
    act(() => result.current.onExport('pushes', 'csv'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, fileName] = saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toMatch(/^secret-push-pushes-\d{4}-\d\d-\d\d\.csv$/);
    expect(await blob.text()).toContain('url_token');
    await waitFor(() => expect(result.current.status).toBe(`Saved ${fileName}`));
    // The result is said once through the page's live region.
    await waitFor(() => expect(live.textContent).toBe(`Saved ${fileName}`));
    expect(result.current.shown).toBeUndefined(); // every push shown: the button says "Export" alone
  });

  it('says how many it exports while the filters show only some of the pushes', () => {
    const { result } = renderHook(() => useExport([trackedPush()], 304, () => false));
    expect(result.current.shown).toBe(1);
  });
});
