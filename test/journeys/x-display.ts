/**
 * A virtual X display of the test's own (Debian's Xvfb), and a person's hands on it: keys pressed with
 * xdotool into the focused browser window, and the X clipboard read and written with xclip. No driver can
 * press a browser-level accelerator such as an extension's shortcut; X can (docs/toolchain.md, "Pressing
 * an extension's shortcut for real"). `npm test` installs the three packages when missing (test/browsers.mjs
 * keyboardPackages).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { waitFor } from '../browser-steps';

const run = promisify(execFile);

export interface XDisplay {
  /** The display's name, ":N", for the browser's DISPLAY. */
  name: string;
  /** Focuses the visible window whose title contains `title`, then presses `keys` there. */
  press(title: string, keys: string): Promise<void>;
  /** The X clipboard's text ('' when it holds none). */
  clipboard(): Promise<string>;
  /** Puts `text` on the X clipboard, as a copy in another application would. */
  copy(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts Xvfb on a free display (it picks the number and says it on a descriptor of its own). */
export async function startXDisplay(): Promise<XDisplay> {
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let said = '';
    server.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve(said.trim());
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it said its display`)));
  });
  const name = `:${number}`;
  const env = { ...process.env, DISPLAY: name };
  const x = (command: string, args: string[]) => run(command, args, { env, timeout: 15_000 });
  const owners: ChildProcess[] = [];
  const clipboard = async () =>
    (await x('xclip', ['-o', '-selection', 'clipboard']).catch(() => ({ stdout: '' }))).stdout;
  return {
    name,
    async press(title, keys) {
      // Without a window manager, windowactivate fails: the window is given the input focus directly.
      const window = await waitFor(`a visible window titled ${title}`, async () => {
        const found = await x('xdotool', ['search', '--onlyvisible', '--name', title]).catch(() => null);
        return found?.stdout.trim().split('\n').filter(Boolean)[0];
      });
      await x('xdotool', ['windowfocus', '--sync', window]);
      await x('xdotool', ['key', '--clearmodifiers', keys]);
    },
    clipboard,
    async copy(text) {
      // xclip stays to serve the selection until another owner takes it: its pipes are not waited for.
      const owner = spawn('xclip', ['-selection', 'clipboard', '-i'], {
        env,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      owners.push(owner);
      owner.stdin.end(text);
      await waitFor(
        'the X clipboard to hold the copy',
        async () => (await clipboard()) === text || undefined,
      );
    },
    async close() {
      for (const owner of owners) owner.kill();
      server.kill();
    },
  };
}
