export function App() {
  return (
    <main>
      <h1>Secret Push</h1>
      <label>
        Secret
        <textarea name="secret" autocomplete="off" spellcheck={false} />
      </label>
    </main>
  );
}
