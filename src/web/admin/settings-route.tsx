// Not built yet.
export function Component() {
  return <main><h1>settings-route</h1></main>;
}
