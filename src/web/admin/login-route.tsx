// Not built yet.
export function Component() {
  return <main><h1>login-route</h1></main>;
}
