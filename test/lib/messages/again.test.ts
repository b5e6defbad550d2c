import { describe, expect, it } from 'vitest';
import { ASK_PAUSE_MS, ASK_TRIES, askUntilAnswered, unanswered } from '@/lib/messages/again';
import { NO_ANSWER } from '@/lib/messages/runtime';
import { AppError } from '@/lib/errors';

/** A send that fails with `errors` in turn, then answers 'done'; it counts its calls and the pauses. */
function sends(...errors: unknown[]) {
  const seen = { calls: 0, pauses: [] as number[] };
  const send = async () => {
    const error = errors[seen.calls++];
    if (error !== undefined) throw error;
    return 'done';
  };
  const sleep = async (ms: number) => void seen.pauses.push(ms);
  return { seen, run: () => askUntilAnswered(send, sleep) };
}

// What Chrome says when its worker stops before answering, and Firefox when its background page reloads.
const PORT_CLOSED = new Error('The message port closed before a response was received.');
const NOT_LISTENING = new Error('Could not establish connection. Receiving end does not exist.');

describe('askUntilAnswered (issue 40: a page asks again when the background stopped before it answered)', () => {
  it('asks again after a closed channel, a receiver not listening yet, or no answer, and gets the answer', async () => {
    const { seen, run } = sends(PORT_CLOSED, new AppError('internal', NO_ANSWER));
    expect(await run()).toBe('done');
    expect(seen).toEqual({ calls: 3, pauses: [ASK_PAUSE_MS, ASK_PAUSE_MS] });
    expect(await sends(NOT_LISTENING).run()).toBe('done');
  });

  it('takes an error the background answered as final: it heard and answered', async () => {
    const { seen, run } = sends(
      new AppError('forbidden', 'Only Secret Push pages and contexts may send this message.'),
    );
    await expect(run()).rejects.toMatchObject({ code: 'forbidden' });
    expect(seen.calls).toBe(1);
  });

  it(`gives up after ${ASK_TRIES} tries, with the last failure`, async () => {
    const { seen, run } = sends(...Array.from({ length: ASK_TRIES }, () => PORT_CLOSED));
    await expect(run()).rejects.toBe(PORT_CLOSED);
    expect(seen.calls).toBe(ASK_TRIES);
  });

  it('tells an unanswered request from an answered error', () => {
    expect([PORT_CLOSED, NOT_LISTENING, new AppError('internal', NO_ANSWER)].map(unanswered)).toEqual([
      true,
      true,
      true,
    ]);
    expect(unanswered(new AppError('network', 'Failed to fetch'))).toBe(false);
  });
});
