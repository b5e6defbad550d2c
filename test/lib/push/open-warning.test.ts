import { describe, expect, it } from 'vitest';
import { openWarning, type OpenFacts } from '@/lib/push/open-warning';
import { speak } from '../../i18n/speak';

const facts = (patch: Partial<OpenFacts> = {}): OpenFacts => ({
  views_remaining: 3,
  expire_after_views: 5,
  retrieval_step: false,
  source: 'server',
  ...patch,
});

describe('openWarning: what opening a push page costs, the same words in the popup and the dashboard', () => {
  it.each([
    [{}, 'Opening the page shows the secret and uses one of the 3 views left.'],
    [
      { views_remaining: 1 },
      'Opening the page shows the secret and uses its last view: the recipient will find it expired.',
    ],
    [
      { retrieval_step: true },
      'The page asks before it shows the secret; revealing it there uses one of the 3 views left.',
    ],
    [
      { retrieval_step: true, views_remaining: 1 },
      'The page asks before it shows the secret; revealing it there uses its last view: the recipient will find it expired.',
    ],
    [{ source: 'local' }, 'Opening the page shows the secret and uses one of its views (up to 5 views).'],
    [
      { source: 'local', expire_after_views: 1 },
      'Opening the page shows the secret and uses one of its views (up to 1 view).',
    ],
  ] as const)('%j: %s', (patch, words) => {
    expect(openWarning(facts(patch))).toBe(words);
  });

  it('never says "one of the 1 view left"', () => {
    expect(openWarning(facts({ views_remaining: 1 }))).not.toMatch(/one of the 1/);
  });

  it('adds, where a preview is offered, that the preview uses no view', () => {
    expect(openWarning(facts(), { previewOffered: true })).toBe(
      'Opening the page shows the secret and uses one of the 3 views left. Preview shows the link without using one.',
    );
  });

  it('speaks the UI language, numbers included', () => {
    speak('de');
    expect(openWarning(facts({ views_remaining: 1200, expire_after_views: 5000 }))).toBe(
      'Das Öffnen der Seite zeigt das Geheimnis und verbraucht einen der 1.200 verbleibenden Aufrufe.',
    );
  });
});
