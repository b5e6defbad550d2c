import { describe, expect, it } from 'vitest';
import { MORE_FIELDS } from '@/components/push/more-fields';
import { SHOWN_FIELDS } from '@/components/push/MoreOptions';

describe('MORE_FIELDS', () => {
  it('names the fields "More options" shows, in its order (an error on any of them opens it)', () => {
    expect([...MORE_FIELDS]).toEqual(SHOWN_FIELDS);
  });
});
