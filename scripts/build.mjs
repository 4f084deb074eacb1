#!/usr/bin/env node
// Builds the browser app and the server bundle, unless the sources have not
// changed since the last build (`--force` builds anyway). Prints what it does.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.mjs';
import { defaultSbomFile, writeSbom } from './sbom.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs', 'scripts/budget.mjs', 'scripts/precompress.mjs', 'scripts/sbom.mjs'];

function hashTree() {
  const hash = createHash('sha256');
  const walk = (p) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(p);
      hash.update(fs.readFileSync(full));
    }
  };
  inputs.forEach(walk);
  return hash.digest('hex');
}

// One build at a time: concurrent test runs wait for each other here.
const lockDir = path.join(root, '.build-lock');
const lockDeadline = Date.now() + 10 * 60_000;
for (;;) {
  try {
    fs.mkdirSync(lockDir);
    break;
  } catch {
    try {
      if (Date.now() - fs.statSync(lockDir).mtimeMs > 10 * 60_000) fs.rmSync(lockDir, { recursive: true, force: true });
    } catch {
      // gone already
    }
    if (Date.now() > lockDeadline) throw new Error('build: another build holds .build-lock');
    await new Promise((r) => setTimeout(r, 500));
  }
}
process.on('exit', () => fs.rmSync(lockDir, { recursive: true, force: true }));

const force = process.argv.includes('--force');
const digest = hashTree();
/** The software bill of materials goes with every build (scripts/sbom.mjs), next to the app and the server. */
const sbom = () => console.log(`build: software bill of materials (${writeSbom()} runtime components) in ${path.relative(root, defaultSbomFile)}`);
if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === digest) {
  // A build from before the list was made gets it now.
  if (!fs.existsSync(defaultSbomFile)) sbom();
  console.log('build: up to date');
  process.exit(0);
}
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
// Always a production build, also when called from vitest (which sets NODE_ENV=test: React's development build).
const run = (args) => execFileSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const started = Date.now();
console.log('build: browser app');
run(['build', '--logLevel', 'warn']);
const packed = await precompress(path.join(root, 'dist', 'client', 'assets'));
console.log(`build: ${packed.files} files compressed once with brotli and gzip (${Math.round(packed.before / 1024)} KB, ${Math.round(packed.after / 1024)} KB in brotli)`);
console.log('build: server');
run(['build', '--ssr', '--logLevel', 'warn']);
if (fs.existsSync(path.join(root, 'scripts', 'budget.mjs'))) {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'budget.mjs')], { cwd: root, stdio: 'inherit' });
}
sbom();
fs.writeFileSync(stampFile, digest);
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
