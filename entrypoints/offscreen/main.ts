// The offscreen document (Chrome) hosts the built-in demo service. It only has chrome.runtime: the
// background sends the demo token with each request, and the service keeps its data in IndexedDB.
import { serveDemoInOffscreen } from '@/lib/demo/offscreen-host';

serveDemoInOffscreen();
