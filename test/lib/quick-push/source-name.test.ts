import { describe, expect, it } from 'vitest';
import { requestFromMenu } from '@/lib/quick-push/menus';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { imageName, linkName, pageName, selectionName } from '@/lib/quick-push/source-name';

describe('a quick push is named after its source, never its secret', () => {
  it.each([
    [
      selectionName({ title: 'Office runbook', pageUrl: 'https://wiki.example/runbook' }),
      'Selection · Office runbook',
    ],
    [
      selectionName({ title: '  ', pageUrl: 'https://wiki.example/runbook?id=7' }),
      'Selection · wiki.example',
    ],
    [selectionName({}), 'Selection'],
    [pageName({ title: 'Office runbook' }), 'Page · Office runbook'],
    [linkName('https://github.com/org/repo/pull/1?token=abc'), 'Link · github.com'],
    [linkName('mailto:sam@example.com'), 'Link'],
    [imageName('https://example.com/cat.png'), 'Image · example.com'],
    [imageName('data:image/png;base64,AAAA', 'https://photos.example/album'), 'Image · photos.example'],
    [
      selectionName({ title: 'A very long page title that goes on and on well past the sixty characters' }),
      'Selection · A very long page title that goes on and on well past the six…',
    ],
  ])('%s', (name, expected) => {
    expect(name).toBe(expected);
  });

  it('names two selections from two pages apart, and the name holds nothing of the text', async () => {
    const read = async () => 'correct horse battery staple';
    const click = { menuItemId: MENU_IDS.selection };
    const one = await requestFromMenu(
      click,
      { id: 1, url: 'https://a.example/', title: 'Office runbook' },
      read,
    );
    const two = await requestFromMenu(click, { id: 2, url: 'https://b.example/', title: 'VPN setup' }, read);
    expect(one).toEqual({
      kind: 'text',
      payload: 'correct horse battery staple',
      name: 'Selection · Office runbook',
    });
    expect(two?.name).toBe('Selection · VPN setup');
  });
});
