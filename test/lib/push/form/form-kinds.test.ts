import { describe, expect, it } from 'vitest';
import { formReducer, initForm } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

describe('the create form under an allowed list of kinds', () => {
  const init = { defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true } as const;

  it('starts on text, with every kind, when no list is given', () => {
    const state = initForm(init);
    expect(state.kind).toBe('text');
    expect(state.kinds).toBeUndefined();
  });

  it('starts on the first allowed kind, and a reset keeps to the list', () => {
    const state = initForm({ ...init, kinds: ['url', 'file'] });
    expect(state.kind).toBe('url');
    const reset = formReducer(formReducer(state, { type: 'kind', kind: 'file' }), { type: 'reset' });
    expect(reset).toMatchObject({ kind: 'url', kinds: ['url', 'file'] });
  });
});
