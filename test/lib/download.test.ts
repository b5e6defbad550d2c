import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/download';

let clicked: Array<{ href: string; download: string; attached: boolean }>;

beforeEach(() => {
  clicked = [];
  vi.useFakeTimers();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveFile', () => {
  it('clicks a link to a data URL, attached while clicked and removed after', () => {
    saveFile('data:image/png;base64,AAAA', 'qr.png');
    expect(clicked).toEqual([{ href: 'data:image/png;base64,AAAA', download: 'qr.png', attached: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('saves a Blob through an object URL that is revoked a minute later', () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const blob = new Blob(['a,b'], { type: 'text/csv' });
    saveFile(blob, 'pushes.csv');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'pushes.csv', attached: true }]);
    vi.advanceTimersByTime(59_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
