#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the server (which migrates
// the database and seeds demo content when it is empty).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import nodeFlags from '../src/server/node-flags.json' with { type: 'json' };

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
const child = spawn(process.execPath, [...nodeFlags.flags, path.join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
