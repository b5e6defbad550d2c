import { render } from 'preact';

render(
  <main>
    <h1>Secret Push settings</h1>
  </main>,
  document.getElementById('app')!,
);
