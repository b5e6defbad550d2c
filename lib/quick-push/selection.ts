/**
 * Reading the selected text of a tab with scripting.executeScript (activeTab, granted by the menu click or
 * the keyboard shortcut). The injected function only reads and returns the text: the clipboard write and
 * the push happen in the extension.
 */

/** Runs in the page: the selection of a focused text field, else the document's selection. */
function selectedText(): string {
  const active = document.activeElement;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end, value } = active;
    if (start !== null && end !== null && end > start) return value.slice(start, end);
  }
  return window.getSelection()?.toString() ?? '';
}

/** The selection in one frame of a tab (the top frame by default); undefined when the page cannot be read. */
export async function readSelection(tabId: number, frameId?: number): Promise<string | undefined> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: frameId === undefined ? { tabId } : { tabId, frameIds: [frameId] },
      func: selectedText,
    });
    return typeof result?.result === 'string' ? result.result : undefined;
  } catch (error) {
    // Pages the browser protects (its own pages, the web store, PDFs) cannot be scripted: the caller falls
    // back to what the menu reported, or says there is nothing selected.
    console.info('Could not read the selection from the page', error);
    return undefined;
  }
}
