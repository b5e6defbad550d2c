import { useEffect, useState } from 'preact/hooks';
import type { FormAction, FormState } from '@/lib/push/form';
import { urlSubject } from '@/lib/push/label';
import { activeTabUrl } from './tab';

/** The page the popup opened over, pushed in one click or opened in the URL form for its options. */
export interface ThisPage {
  /** The page's host, what the button shows of its address. */
  host: string;
  /** Pushes the page's address with the form's options (the defaults, unless changed): one click. */
  push(): void;
  /** The URL form filled with the page's address, for its options; Create sends it. */
  options(): void;
}

/**
 * The address of the tab the popup opened over, read once at open through activeTab (./tab.ts): no
 * permission more. Kept in memory only: "This page" and the chat-preview guard (useChatGuard.ts) share it.
 */
export function useTabUrl(report: (error: unknown) => void): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    activeTabUrl().then(setUrl, report);
  }, []);
  return url;
}

/**
 * The current page in one click (issue 37, item 9): when the popup opens over an http(s) tab and URL pushes
 * are allowed, its address (`url`, useTabUrl) is offered. Undefined while unknown, on other pages, and once
 * the URL form is open (its own "Use this tab's URL"). A send under way puts it away only once drawn (PushForm):
 * the form takes no action meanwhile, and removing it at the click redrew the page while the request was out.
 */
export function useThisPage(
  state: Pick<FormState, 'kind' | 'kinds'>,
  dispatch: (action: FormAction) => void,
  url: string | undefined,
): ThisPage | undefined {
  const host = url && urlSubject(url);
  const allowed = !state.kinds || state.kinds.includes('url');
  if (!url || !host || !allowed || state.kind === 'url') return undefined;
  const open = () => {
    dispatch({ type: 'kind', kind: 'url' });
    dispatch({ type: 'url', value: url });
  };
  return {
    host,
    push: () => {
      open();
      dispatch({ type: 'submit' });
    },
    options: open,
  };
}
