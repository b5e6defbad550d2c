/**
 * Times a page keeps itself (issue 40): a script installed before any of the page's own (`addInitScript`)
 * checks at each frame from the page's first whether it is ready, and keeps the ms since navigation start
 * of the first frame that is; the bench reads that time afterwards. An evaluate sent once the navigation had
 * committed measured its own arrival whenever the page was ready before it: 10–70 ms late on this machine,
 * independently for each page, so a row of two pages compared partly Playwright's round trips.
 */

/**
 * The init script: `ready` is the source of a function (`() => boolean`) called at each frame, or of null for
 * a page not to be timed; the first frame it returns true, the time is kept under `key`, or, `painted`, once
 * that frame has been painted (rAF, then a task: the paint happens between the two).
 */
export function watchFromFirstFrame(key: string, ready: string, { painted = false } = {}): string {
  return `(() => {
  const ready = ${ready};
  if (!ready) return;
  const keep = () => { window[${JSON.stringify(key)}] = performance.now(); };
  const poll = () => {
    if (!ready()) return requestAnimationFrame(poll);
    if (${painted}) requestAnimationFrame(() => setTimeout(keep));
    else keep();
  };
  poll();
})()`;
}

/** Runs in a page opened under watchFromFirstFrame(`key`): resolves with the time it kept, once it has. */
export function keptTime(key: string): string {
  return `new Promise((resolve) => {
  const read = () => window[${JSON.stringify(key)}] === undefined ? setTimeout(read, 5) : resolve(window[${JSON.stringify(key)}]);
  read();
})`;
}
