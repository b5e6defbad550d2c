import { render } from 'preact';
import { localizeDocument, t } from '@/lib/i18n';
import { App } from './App';
import './style.css';
import './popup-extra.css';

// <html lang dir> and the title in the UI language before the first paint of words.
localizeDocument(document, t('page_popupTitle'));
render(<App />, document.getElementById('app')!);
