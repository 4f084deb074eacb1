export function Component() {
  return (
    <main>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist. <a href="/">Go to the home page</a>.</p>
    </main>
  );
}
