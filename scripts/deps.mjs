#!/usr/bin/env node
// `npm run deps`: which direct dependencies are behind the registry's latest
// version, and which of them by a whole major (docs/architecture.md,
// "Dependencies"). Only says: it always exits 0 and changes nothing.
// @types/node is held on the oldest supported Node line (package.json's
// engines), so a later major of it is listed as held, not as behind; a package
// another direct dependency names as a peer at one exact version (Mantine's
// packages, pinned by @mantine/tiptap) is listed as held by that dependency.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const oldestNode = Number(/(\d+)/.exec(pkg.engines.node)?.[1]);

// npm outdated exits 1 when something is outdated: its JSON is what counts.
const run = spawnSync('npm', ['outdated', '--json', '--long'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
let outdated;
try {
  outdated = JSON.parse(run.stdout || '{}');
} catch {
  console.log(`deps: npm outdated gave no readable answer${run.stderr ? `:\n${run.stderr.trim()}` : ''}`);
  process.exit(0);
}

// Exact peer pins of the installed direct dependencies: name -> [who pins it, at which version].
const pins = new Map();
for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
  let peers;
  try {
    peers = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', dep, 'package.json'), 'utf8')).peerDependencies ?? {};
  } catch {
    continue;
  }
  for (const [peer, spec] of Object.entries(peers)) if (/^\d+\.\d+\.\d+$/.test(spec)) pins.set(peer, [dep, spec]);
}

const major = (version) => Number(/^(\d+)/.exec(version ?? '')?.[1] ?? Number.NaN);
// 0.x packages break on the minor: 0.28 -> 0.29 is a major step.
const line = (version) => (major(version) === 0 ? `0.${/^0\.(\d+)/.exec(version)?.[1]}` : String(major(version)));

const rows = Object.entries(outdated)
  .map(([name, info]) => {
    const entry = Array.isArray(info) ? info[0] : info;
    const { current = '-', wanted = '-', latest = '-', type = '' } = entry;
    let note = '';
    if (line(current) !== line(latest)) note = 'major behind';
    const pin = pins.get(name);
    if (pin && pin[1] !== latest) note = `held by ${pin[0]}, which asks for exactly ${pin[1]}`;
    if (name === '@types/node' && major(current) === oldestNode && major(latest) > oldestNode) note = `held on Node ${oldestNode}, the oldest supported line`;
    return { name, current, wanted, latest, type: type === 'devDependencies' ? 'dev' : 'prod', note };
  })
  .sort((a, b) => (a.note === 'major behind' ? 0 : 1) - (b.note === 'major behind' ? 0 : 1) || a.name.localeCompare(b.name));

if (!rows.length) {
  console.log('deps: every direct dependency is on its latest version');
  process.exit(0);
}
const head = { name: 'package', current: 'current', wanted: 'wanted', latest: 'latest', type: 'type', note: '' };
const width = (k) => Math.max(...[head, ...rows].map((r) => r[k].length));
const cols = ['name', 'current', 'wanted', 'latest', 'type'];
for (const r of [head, ...rows]) console.log(`${cols.map((k) => r[k].padEnd(width(k))).join('  ')}  ${r.note}`.trimEnd());
const behind = rows.filter((r) => r.note === 'major behind').map((r) => r.name);
console.log(`\ndeps: ${rows.length} behind the latest version, ${behind.length} of them a major behind${behind.length ? `: ${behind.join(', ')}` : ''}`);
