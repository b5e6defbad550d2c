import { render } from 'preact';
import { localizeDocument, t } from '@/lib/i18n';
import { App } from './App';
import './style.css';
import './popup-extra.css';

const start = () => {
  // <html lang dir> and the title in the UI language before the first paint of words.
  localizeDocument(document, t('page_popupTitle'));
  render(<App />, document.getElementById('app')!);
};
// The script is async (wxt.config.ts, popupScriptAsync): it may arrive before the page's body is parsed.
if (document.getElementById('app')) start();
else document.addEventListener('DOMContentLoaded', start, { once: true });
