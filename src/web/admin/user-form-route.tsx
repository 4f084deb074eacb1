// Not built yet.
export function Component() {
  return <main><h1>user-form-route</h1></main>;
}
