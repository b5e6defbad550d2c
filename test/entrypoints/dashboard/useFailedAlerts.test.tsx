/**
 * The dashboard's switch of failed-attempt notifications: read, saved and followed through the settings
 * model (issue 38), under the key the versions before it used.
 */
import { act, renderHook, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useFailedAlerts } from '@/entrypoints/dashboard/useFailedAlerts';
import { readSettings, saveSettings } from '@/lib/settings';

beforeEach(() => fakeBrowser.reset());

describe('useFailedAlerts', () => {
  it('is on by default, and a toggle saves it off for the watcher', async () => {
    const { result } = renderHook(() => useFailedAlerts());
    await waitFor(() => expect(result.current?.on).toBe(true));
    act(() => result.current?.onChange(false));
    await waitFor(async () => expect((await readSettings()).preferences.failedAlerts).toBe(false));
    expect(await fakeBrowser.storage.local.get('watchFailedAttemptAlerts')).toEqual({
      watchFailedAttemptAlerts: false,
    });
    expect(result.current?.on).toBe(false);
  });

  it('shows what an older version saved, and a change made in another page', async () => {
    await fakeBrowser.storage.local.set({ watchFailedAttemptAlerts: false });
    const { result } = renderHook(() => useFailedAlerts());
    await waitFor(() => expect(result.current?.on).toBe(false));
    await saveSettings({ type: 'failedAlerts', on: true });
    await waitFor(() => expect(result.current?.on).toBe(true));
  });
});
