#!/usr/bin/env node
// The public site's first-load budget: the JavaScript and CSS a public page
// loads before it is interactive (the entry, the public layout, the page
// route and everything they import statically), gzip-compressed. Printed on
// every build. The build fails when any staff-app (src/web/admin), Mantine,
// TipTap or TanStack code is among those files (checked through the source
// maps, so a shared chunk cannot hide it), when CSS exceeds 30 KB, or when
// JavaScript exceeds the regression limit below.
//
// Public pages load one entry, src/web/public/hydrate.tsx, which hydrates the
// page's views with React DOM alone: React Router (about 30 KB gzip) stays in
// the staff app, so the first load fits 100 KB of JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const clientDir = path.join(root, 'dist', 'client');
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
const budgets = { js: 100 * 1024, css: 30 * 1024 };

// Every public page (home, inner pages, stories, events, not-found) loads this entry and what it imports.
const routes = {
  'public page': ['src/web/public/hydrate.tsx'],
};

function firstLoad(modules) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`budget: ${key} is not in the manifest`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  modules.forEach(visit);
  return { js: [...js], css: [...css] };
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function forbiddenSources(jsFile) {
  const map = path.join(clientDir, `${jsFile}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources = [] } = JSON.parse(fs.readFileSync(map, 'utf8'));
  return sources.filter((s) => /(^|\/)src\/web\/admin\/|node_modules\/@mantine\/|node_modules\/@tiptap\/|node_modules\/@tanstack\/|node_modules\/react-router\//.test(s));
}

let failed = false;
for (const [name, modules] of Object.entries(routes)) {
  const { js, css } = firstLoad(modules);
  const jsBytes = js.reduce((n, f) => n + gzipSize(f), 0);
  const cssBytes = css.reduce((n, f) => n + gzipSize(f), 0);
  const forbidden = js.flatMap((f) => forbiddenSources(f).map((s) => `${f}: ${s}`));
  const problems = [];
  if (jsBytes > budgets.js) problems.push(`JavaScript over ${kb(budgets.js)}`);
  if (cssBytes > budgets.css) problems.push(`CSS over ${kb(budgets.css)}`);
  if (forbidden.length > 0) problems.push(`staff-app code in the first load:\n    ${forbidden.slice(0, 10).join('\n    ')}`);
  console.log(`budget: ${name}: JS ${kb(jsBytes)} gzip in ${js.length} files; CSS ${kb(cssBytes)} gzip in ${css.length} files${problems.length ? ` — FAILED: ${problems.join('; ')}` : ' (within limits)'}`);
  if (process.argv.includes('--verbose')) for (const f of [...js, ...css]) console.log(`  ${f} ${kb(gzipSize(f))}`);
  if (problems.length) failed = true;
}
if (failed) {
  console.error('budget: the public first load is over budget');
  process.exitCode = 1;
}
