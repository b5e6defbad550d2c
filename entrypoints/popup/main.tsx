import { render } from 'preact';
import { App } from './App';
import './style.css';
import './popup-extra.css';

render(<App />, document.getElementById('app')!);
