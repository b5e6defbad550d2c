// The offscreen document (Chrome) hosts the built-in demo service. It only has chrome.runtime: the
// background sends the demo token with each request, and the service keeps its data in IndexedDB.
// It also copies quick pushes' links to the clipboard (Chrome allows one offscreen document per extension),
// and clears a copy later when the user asked for it (lib/clipboard), and runs file uploads handed over by
// the popup, which closing the popup cannot stop (lib/upload).
import { serveClipboardClearing } from '@/lib/clipboard/offscreen';
import { serveDemoInOffscreen } from '@/lib/demo/offscreen-host';
import { serveClipboardInOffscreen } from '@/lib/quick-push/offscreen-clipboard';
import { serveUploadsInOffscreen } from '@/lib/upload/offscreen';

serveDemoInOffscreen();
serveClipboardInOffscreen();
serveClipboardClearing();
serveUploadsInOffscreen();
