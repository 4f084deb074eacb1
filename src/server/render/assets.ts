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

export interface ClientAssets {
  template: string;
  /** `<link>` tags for these source modules' chunks and styles, minus what the template already has. */
  tagsFor(modules: readonly string[]): string;
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
 * A page's stylesheet is small (about 5 KB compressed), so it travels inside
 * the HTML: the first paint waits for no other request. The disabled <link>
 * is never fetched; it tells Vite's loader, when the route module loads in the
 * browser, that this stylesheet is already on the page.
 */
function inlineStyle(clientDir: string, file: string): string {
  const css = fs.readFileSync(path.join(clientDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
  return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}

export function loadClientAssets(distDir: string): ClientAssets | null {
  const clientDir = path.join(distDir, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(templateFile) || !fs.existsSync(manifestFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
  const cache = new Map<string, string>();
  return {
    template,
    tagsFor(modules) {
      const key = modules.join('|');
      let tags = cache.get(key);
      if (tags === undefined) {
        const { js, css } = collectFiles(manifest, [entryKey, ...modules]);
        tags = [
          ...css.filter((f) => !template.includes(`/${f}"`)).map((f) => inlineStyle(clientDir, f)),
          ...js.filter((f) => !template.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ].join('\n    ');
        cache.set(key, tags);
      }
      return tags;
    },
  };
}
