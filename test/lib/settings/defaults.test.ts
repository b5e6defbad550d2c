import { describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import { validateDefaults } from '@/lib/settings/defaults';
import { DEFAULT_PUSH_DEFAULTS, type PushDefaults } from '@/lib/settings';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('validateDefaults', () => {
  it('accepts the shipped defaults', () => {
    expect(validateDefaults(DEFAULT_PUSH_DEFAULTS)).toEqual(DEFAULT_PUSH_DEFAULTS);
  });

  it.each([
    [{ expireAfterDuration: 0 }, true],
    [{ expireAfterDuration: 17 }, true],
    [{ expireAfterDuration: 18 }, false],
    [{ expireAfterDuration: -1 }, false],
    [{ expireAfterDays: 1 }, true],
    [{ expireAfterDays: 90 }, true],
    [{ expireAfterDays: 0 }, false],
    [{ expireAfterDays: 91 }, false],
    [{ expireAfterDays: 2.5 }, false],
    [{ expireAfterDays: Number.NaN }, false],
    [{ expireAfterViews: 1 }, true],
    [{ expireAfterViews: 100 }, true],
    [{ expireAfterViews: 0 }, false],
    [{ expireAfterViews: 101 }, false],
  ] as Array<[Partial<PushDefaults>, boolean]>)('%j is valid: %s', (patch, valid) => {
    const run = () => validateDefaults({ ...DEFAULT_PUSH_DEFAULTS, ...patch });
    if (valid) expect(run()).toEqual({ ...DEFAULT_PUSH_DEFAULTS, ...patch });
    else expect(isAppError(thrown(run), 'validation')).toBe(true);
  });

  it('names the field and its range in the error', () => {
    const error = thrown(() => validateDefaults({ ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 500 })) as {
      message: string;
      fields: Record<string, string[]>;
    };
    expect(error.message).toBe('Views: enter a whole number from 1 to 100.');
    expect(error.fields).toEqual({ expireAfterViews: ['Views: enter a whole number from 1 to 100.'] });
  });
});
