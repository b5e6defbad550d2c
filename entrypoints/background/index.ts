import { registerClipboardClearing } from '@/lib/clipboard/background';
import { registerDemoService } from '@/lib/demo/background';
import { registerExpireAll } from '@/lib/expire-all/background';
import { registerHandoff } from '@/lib/handoff/background';
import { registerInterrupted } from '@/lib/interrupted';
import { registerSettings } from '@/lib/settings/background';
import { registerQuickPush } from '@/lib/quick-push';
import { registerUploads } from '@/lib/upload/background';
import { setupWatcher } from '@/lib/watch/background';
import { registerWelcome } from '@/lib/welcome';

export default defineBackground(() => {
  // Runs on every worker start, so nothing here depends on state from an earlier life of the worker.
  registerSettings();
  // Before the features that create: the creates an earlier life left unfinished are said first.
  registerInterrupted();
  registerDemoService();
  registerClipboardClearing();
  registerQuickPush();
  registerHandoff();
  registerUploads();
  // Expire everything runs its pushes through the watcher's expire (its queue and cache).
  registerExpireAll(setupWatcher());
  registerWelcome();
});
