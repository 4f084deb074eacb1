/**
 * The built browser app: the HTML template and, from Vite's manifest, the
 * script and style files each public route module needs, so a server-rendered
 * page links its CSS (no flash of unstyled content) and preloads its chunks
 * (no request waterfall).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest key of the public pages' hydration entry (vite.config.ts). */
export const publicEntry = 'src/web/public/hydrate.tsx';

export interface ClientAssets {
  /** index.html as built: the staff app's shell. */
  template: string;
  /**
   * The template for server-rendered public pages: the staff app's script and
   * preloads removed, the hydration entry's script added, its styles inlined
   * and its chunks preloaded.
   */
  publicTemplate: string;
}

export function collectFiles(manifest: Manifest, modules: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return { js: [...js], css: [...css] };
}

/**
 * The public stylesheet is small (about 5 KB compressed), so it travels inside
 * the HTML: the first paint waits for no other request. The disabled <link>
 * is never fetched; it tells Vite's loader, should a module of the same chunk
 * load later, that this stylesheet is already on the page.
 */
function inlineStyle(clientDir: string, file: string): string {
  const css = fs.readFileSync(path.join(clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
  return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}

/** Removes the staff entry's module script, preloads and stylesheets from the built index.html. */
function withoutStaffAssets(template: string): string {
  return template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
}

export function loadClientAssets(distDir: string): ClientAssets | null {
  const clientDir = path.join(distDir, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(templateFile) || !fs.existsSync(manifestFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  const entry = manifest[publicEntry];
  if (!entry) throw new Error(`${publicEntry} is missing from the build manifest: rebuild with npm run build`);
  const { js, css } = collectFiles(manifest, [publicEntry]);
  const tags = [
    ...css.map((f) => inlineStyle(clientDir, f)),
    ...js.filter((f) => f !== entry.file).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
  ].join('\n    ');
  const publicTemplate = withoutStaffAssets(template).replace('<!--app-head-->', `<!--app-head-->\n    ${tags}`);
  return { template, publicTemplate };
}
