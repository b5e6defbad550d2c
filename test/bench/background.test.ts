import { describe, expect, it } from 'vitest';
import { backgroundRows, wakeTimes, type BackgroundFigures } from './background';
import { within } from './rows';

const URL = 'chrome-extension://abc/background.js';
const times = { evaluate: 20, compile: 3, run: 15 };
const figures = (mockMarkers: string[]): BackgroundFigures => ({
  bytes: 189_000,
  gzipBytes: 58_000,
  mockMarkers,
  wakeMs: { worker: times, blank: { evaluate: 0.8, compile: 0.1, run: 0.4 }, runs: 10 },
});

describe('the Background row', () => {
  it("reports the evaluation beside the blank worker's, with no budget but the demo service's absence", () => {
    const [row] = backgroundRows(figures([]));
    expect(row).toMatchObject({
      name: 'Background',
      figure: { value: 20, unit: 'ms' },
      floor: { value: 0.8, unit: 'ms', what: 'blank worker' },
      budget: { kind: 'reported' },
    });
    expect(row!.figure.what).toContain('56.6 KB gzipped');
    expect(within(row!)).toBe(true);
  });

  it('is over its budget while background.js still holds the demo service', () => {
    expect(within(backgroundRows(figures(['There is no secret at this address.']))[0]!)).toBe(false);
  });
});

describe('wakeTimes', () => {
  const event = (name: string, dur: number, url = URL) => ({ name, ph: 'X', dur, args: { data: { url } } });

  it("reads the worker script's evaluation, compile and run from the trace, in ms", () => {
    const events = [
      event('EvaluateScript', 900, 'chrome-extension://other/blank-worker.js'),
      event('EvaluateScript', 20_000),
      event('v8.compile', 3_000),
      event('v8.run', 15_000),
    ];
    expect(wakeTimes(events, URL)).toEqual(times);
  });

  it('fails when the trace holds no evaluation of the script', () => {
    expect(() => wakeTimes([event('v8.run', 1)], URL)).toThrow('No EvaluateScript event');
  });
});
