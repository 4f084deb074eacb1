/**
 * On a Node.js older than the supported lines, `npm start` and `npm test` stop
 * at once with one line naming the versions needed. The older Node.js is faked
 * with a preload that rewrites process.version.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fake = path.join(root, 'test', 'fixtures', 'fake-node-version.mjs');
const check = path.join(root, 'scripts', 'check-node.cjs');

function run(command: string, args: string[], fakeVersion: string | null, extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.NODE_OPTIONS;
  if (fakeVersion) Object.assign(env, { NODE_OPTIONS: `--import=${fake}`, FAKE_NODE_VERSION: fakeVersion });
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  const ours = result.stderr.split('\n').filter((line) => line && !line.startsWith('npm '));
  return { status: result.status, stdout: result.stdout, ours, all: result.stdout + result.stderr };
}

describe('supported Node.js lines', () => {
  it.each(['v20.20.2', 'v18.20.8', 'v22.21.0'])('the check refuses %s with one line', (version) => {
    const r = run(process.execPath, [check], version);
    expect(r.status).toBe(1);
    expect(r.ours).toEqual([
      `This site needs Node.js 22 (22.22 or later) or 24; this is Node.js ${version}. See "Node.js" in README.md.`,
    ]);
  });

  it.each(['v22.22.0', 'v24.21.0'])('the check lets %s through without a word', (version) => {
    const r = run(process.execPath, [check], version);
    expect(r.status).toBe(0);
    expect(r.all).toBe('');
  });

  it.each(['start', 'test'])('npm %s on Node.js 20 stops before doing anything', (script) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'node-check-'));
    const r = run('npm', ['run', '--silent', script], 'v20.20.2', { DATA_DIR: dataDir, PORT: '0' });
    expect(r.status).not.toBe(0);
    expect(r.ours).toEqual([
      'This site needs Node.js 22 (22.22 or later) or 24; this is Node.js v20.20.2. See "Node.js" in README.md.',
    ]);
    expect(r.all).not.toMatch(/^\s+at /m); // no stack trace
    expect(r.stdout).toBe(''); // nothing built, no test run, no server
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
