/**
 * The built browser app: the staff app's HTML template and, from the public
 * pages' own build manifest (src/shared/public-build.json), the entry script
 * and stylesheet every server-rendered page links: the stylesheet in the head
 * (no flash of unstyled content; one file cached across pages), the small
 * entry as a module script. Islands load their own chunks from the entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import publicBuild from '../../shared/public-build.json' with { type: 'json' };
import { fillTemplate } from './template.js';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest key of the public pages' browser entry (vite.config.ts). */
export const publicEntry = publicBuild.entry;

export interface ClientAssets {
  /** index.html as built: the staff app's shell. */
  template: string;
  /**
   * The template for server-rendered public pages: the staff app's script,
   * preloads and styles removed, the public entry's stylesheet linked and its
   * script added.
   */
  publicTemplate: string;
  /**
   * Per island (its module's name under islandsDir), the script files it
   * loads beyond the entry's: its chunk, what that imports, and what it
   * imports later (the carousel's Embla). What a page weighs (page-weight.ts).
   */
  islandScripts: Record<string, string[]>;
  /** dist/client/assets: the built scripts, style sheets and maps, with the build's brotli and gzip copies (scripts/precompress.mjs). */
  dir: string;
  /** The names of the files in `dir`, listed once when the server starts: no other name is served under /assets/. */
  files: ReadonlySet<string>;
}

/** The files of modules and what they import (and, with `later`, import when they run); `counted` modules are left out. */
export function collectFiles(manifest: Manifest, modules: readonly string[], later = false, counted: readonly string[] = []): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>(counted);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
    if (later) for (const i of chunk.dynamicImports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return { js: [...js], css: [...css] };
}

/** Each island's scripts beyond the entry's (its static imports are the entry's own). */
function islandScriptsOf(manifest: Manifest): Record<string, string[]> {
  const entry = manifest[publicEntry];
  const counted = [publicEntry, ...(entry?.imports ?? [])];
  const islands: Record<string, string[]> = {};
  for (const key of entry?.dynamicImports ?? []) {
    if (!key.startsWith(publicBuild.islandsDir)) continue;
    islands[path.basename(key).replace(/\.[jt]sx?$/, '')] = collectFiles(manifest, [key], true, counted).js;
  }
  return islands;
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
  const publicManifestFile = path.join(clientDir, publicBuild.manifest);
  if (!fs.existsSync(publicManifestFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(publicManifestFile, 'utf8')));
  const entry = manifest[publicEntry];
  if (!entry) throw new Error(`${publicEntry} is missing from the build manifest: rebuild with npm run build`);
  const { js, css } = collectFiles(manifest, [publicEntry]);
  // The public stylesheet (about 5 KB compressed) is one file for every page: fetched once, then cached for a
  // year. It comes before the page's head, so that the <noscript> style the page adds there overrides it.
  const styles = css.map((f) => `<link rel="stylesheet" href="/${f}">`).join('\n    ');
  const scripts = [
    ...js.filter((f) => f !== entry.file).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
  ].join('\n    ');
  const publicTemplate = fillTemplate(withoutStaffAssets(template), { '<!--app-head-->': `${styles}\n    <!--app-head-->\n    ${scripts}` });
  const dir = path.resolve(clientDir, 'assets');
  return { template, publicTemplate, islandScripts: islandScriptsOf(manifest), dir, files: new Set(fs.readdirSync(dir)) };
}
