#!/usr/bin/env node
// The public pages' first-load budget per page type: the JavaScript and CSS a
// public page loads, gzip-compressed, printed on every build. The build fails
// when a page type is over its budget, when CSS exceeds its budget, or when
// staff-app (src/web/admin), Mantine, TipTap, TanStack, React Router or React
// DOM code is among those files (checked through the source maps, so a shared
// chunk cannot hide it).
//
// Public pages load one small entry (src/shared/public-build.json: the
// header's menus, event times, the island loader). A page with an island (the
// carousel, the contact form) also loads that island's chunk and everything it
// imports, statically or when it starts (Embla), on Preact's React
// compatibility layer. A page type's files are the entry's static imports
// plus, for each island on it, the island's whole import graph.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const clientDir = path.join(root, 'dist', 'client');
const publicBuild = JSON.parse(fs.readFileSync(path.join(root, 'src', 'shared', 'public-build.json'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, publicBuild.manifest), 'utf8'));
const KB = 1024;
const { budgets } = publicBuild;

const entry = manifest[publicBuild.entry];
if (!entry) throw new Error(`budget: ${publicBuild.entry} is not in ${publicBuild.manifest}`);
// Each island is one of the entry's dynamic imports, a module under islandsDir named after it.
const islands = Object.fromEntries(
  (entry.dynamicImports ?? []).filter((k) => k.startsWith(publicBuild.islandsDir)).map((k) => [path.basename(k).replace(/\.[jt]sx?$/, ''), k]),
);
if (Object.keys(islands).length === 0) throw new Error('budget: the public entry loads no island');

/**
 * The files modules bring: their static imports and, with `dynamic`, the
 * modules they import when they run; `counted` modules (and what they bring)
 * are left out.
 */
function filesOf(keys, dynamic, counted = []) {
  const js = new Set();
  const css = new Set();
  const seen = new Set(counted);
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`budget: ${key} is not in the manifest`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
    if (dynamic) for (const i of chunk.dynamicImports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js, css };
}

function pageFiles(islandNames) {
  const base = filesOf([publicBuild.entry], false);
  // An island's chunk may import code the entry holds: counted once, and the entry's other islands stay out.
  const rest = filesOf(
    islandNames.map((n) => islands[n]),
    true,
    [publicBuild.entry],
  );
  return { js: [...new Set([...base.js, ...rest.js])], css: [...new Set([...base.css, ...rest.css])] };
}

const names = Object.keys(islands);
const pageTypes = [
  { name: 'page without an interactive block', islands: [], js: budgets.jsWithoutIslands },
  ...names.map((n) => ({ name: `page with the ${n} island`, islands: [n], js: budgets.jsAnyPage })),
  { name: `page with every island (${names.join(', ')}: the home page)`, islands: names, js: budgets.jsAnyPage },
];

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

function forbiddenSources(jsFile) {
  const map = path.join(clientDir, `${jsFile}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources = [] } = JSON.parse(fs.readFileSync(map, 'utf8'));
  return sources.filter((s) => /(^|\/)src\/web\/admin\/|node_modules\/(@mantine|@tiptap|@tanstack|react-router|react-dom|react|scheduler)\//.test(s));
}

let failed = false;
for (const type of pageTypes) {
  const { js, css } = pageFiles(type.islands);
  const jsBytes = js.reduce((n, f) => n + gzipSize(f), 0);
  const cssBytes = css.reduce((n, f) => n + gzipSize(f), 0);
  const forbidden = js.flatMap((f) => forbiddenSources(f).map((s) => `${f}: ${s}`));
  const problems = [];
  if (jsBytes > type.js * KB) problems.push(`JavaScript over ${type.js} KB`);
  if (cssBytes > budgets.css * KB) problems.push(`CSS over ${budgets.css} KB`);
  if (forbidden.length > 0) problems.push(`staff-app or React DOM code in a public page:\n    ${forbidden.slice(0, 10).join('\n    ')}`);
  console.log(
    `budget: ${type.name}: JS ${kb(jsBytes)} gzip in ${js.length} files (limit ${type.js} KB); CSS ${kb(cssBytes)} gzip in ${css.length} files${problems.length ? ` — FAILED: ${problems.join('; ')}` : ' (within limits)'}`,
  );
  if (process.argv.includes('--verbose')) for (const f of [...js, ...css]) console.log(`  ${f} ${kb(gzipSize(f))}`);
  if (problems.length) failed = true;
}
if (failed) {
  console.error('budget: a public page is over budget');
  process.exitCode = 1;
}
