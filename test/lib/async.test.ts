import { describe, expect, it } from 'vitest';
import { createSerial, shared } from '@/lib/async';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createSerial', () => {
  it('runs jobs one at a time, in the order given', async () => {
    const serial = createSerial();
    const log: string[] = [];
    const first = deferred<void>();
    const a = serial(async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
    });
    const b = serial(() => {
      log.push('b');
      return 'b done';
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.resolve();
    await a;
    expect(await b).toBe('b done');
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('gives a failure to its own caller and carries on with the next job', async () => {
    const serial = createSerial();
    const failing = serial(() => Promise.reject(new Error('boom')));
    const next = serial(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('turns a job that throws synchronously into a rejection', async () => {
    const serial = createSerial();
    await expect(
      serial(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
  });
});

describe('shared', () => {
  it('shares the attempt in flight between concurrent callers', async () => {
    let calls = 0;
    const gate = deferred<number>();
    const get = shared(() => {
      calls++;
      return gate.promise;
    });
    const both = Promise.all([get(), get()]);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('keeps a success for later calls by default', async () => {
    let calls = 0;
    const get = shared(async () => ++calls);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(calls).toBe(1);
  });

  it('does not keep a failure: the next call tries again', async () => {
    let calls = 0;
    const get = shared(async () => {
      calls++;
      if (calls === 1) throw new Error('first fails');
      return 'second works';
    });
    await expect(get()).rejects.toThrow('first fails');
    await expect(get()).resolves.toBe('second works');
    expect(calls).toBe(2);
  });

  it('gives a failure to every caller that waited for that attempt', async () => {
    const gate = deferred<string>();
    const get = shared(() => gate.promise);
    const a = get();
    const b = get();
    gate.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
  });

  it('without keep, starts a new attempt once the last one settled', async () => {
    let calls = 0;
    const get = shared(async () => ++calls, { keep: false });
    expect(await get()).toBe(1);
    expect(await get()).toBe(2);
  });

  it('forgets a kept value on reset', async () => {
    let calls = 0;
    const get = shared(async () => ++calls);
    await get();
    get.reset();
    expect(await get()).toBe(2);
  });
});
