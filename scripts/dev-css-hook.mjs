// `npm run dev` runs the server from source with tsx; the public views import
// their stylesheet, which only Vite can bundle. On the server a stylesheet
// import has nothing to do, so this hook answers it with an empty module.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return next(url, context);
}`),
  import.meta.url,
);
