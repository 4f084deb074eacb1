// Not built yet.
export function Component() {
  return <main><h1>users-route</h1></main>;
}
