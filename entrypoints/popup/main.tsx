import { render } from 'preact';
import { localizeDocument, t } from '@/lib/i18n';
import { App, loadPopup } from './App';
import { openWith } from './opening';
import './style.css';
import './popup-extra.css';

// <html lang dir> and the title in the UI language before the first paint of words.
localizeDocument(document, t('page_popupTitle'));
// The settings are asked for now, while the page has still to render: when they answer before the next frame,
// the first render is the final one (opening.ts).
openWith(loadPopup, (opening) => render(<App opening={opening} />, document.getElementById('app')!));
