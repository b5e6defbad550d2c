/** The polyfill's file as wxt.config.ts's `polyfillAsModule` hands it over: its export as the default. */
declare module 'webextension-polyfill/dist/browser-polyfill.js' {
  const polyfill: import('webextension-polyfill').Browser;
  export default polyfill;
}
