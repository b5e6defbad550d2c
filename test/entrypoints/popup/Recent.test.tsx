import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecentPushes } from '@/entrypoints/popup/Recent';
import type { Push } from '@/lib/api';
import { demoModeItem, serverItem } from '@/lib/store/items';
import { recordCreatedPush } from '@/lib/watch/record';
import { resetWatchDb } from '../../lib/watch/helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
const SERVER = 'https://pp.example';

beforeEach(async () => {
  await resetWatchDb();
  await serverItem.setValue({ kind: 'self-hosted', url: SERVER });
  await demoModeItem.setValue(false);
});

function push(url_token: string, name: string): Push {
  const now = new Date().toISOString();
  return {
    url_token,
    html_url: `${SERVER}/p/${url_token}/r`,
    name,
    expire_after_views: 5,
    views_remaining: 5,
    expire_after_duration: 8,
    created_at: now,
    updated_at: now,
    expires_at: new Date(Date.now() + 86400_000).toISOString(),
  } as Push;
}

describe('RecentPushes', () => {
  it('says there are none yet, then shows a push recorded while it is open', async () => {
    render(<RecentPushes server={SERVER} />);
    await screen.findByText('No pushes yet.');
    await recordCreatedPush(push('tok1', 'Wi-Fi for guests'), { server: SERVER, kind: 'text' });
    expect(await screen.findByText('Wi-Fi for guests')).toBeTruthy();
    expect(screen.queryByText('No pushes yet.')).toBeNull();
  });

  it('lists only the pushes of its server', async () => {
    await recordCreatedPush(push('tok2', 'Elsewhere'), { server: 'https://other.example', kind: 'text' });
    render(<RecentPushes server={SERVER} />);
    await screen.findByText('No pushes yet.');
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  it('says why the list cannot be read where the browser refuses IndexedDB (a Firefox private window)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError');
    });
    render(<RecentPushes server={SERVER} />);
    expect(
      await screen.findByText(
        /^The recent pushes could not be read: The browser keeps no data for Secret Push in this window/,
      ),
    ).toBeTruthy();
  });
});
