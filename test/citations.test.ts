/**
 * What the source cites is in the repository: a comment or a test points to
 * docs/*.md of this repository (or states the rule itself), never to a
 * document a clone does not hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const folders = ['src', 'test', 'e2e', 'scripts', 'bench'];

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(full);
    return /\.(ts|tsx|mts|mjs|cjs|js|css)$/.test(e.name) ? [full] : [];
  });
}

const sources = folders.flatMap((f) => files(path.join(root, f)));

/** Lines naming a document outside the repository (spelled in two parts so this file does not name it). */
function outsideCitations(text: string): number[] {
  const outside = new RegExp(`\\b(${'SPEC'}|${'design'})\\.md\\b`);
  return text.split('\n').flatMap((line, i) => (outside.test(line) ? [i + 1] : []));
}

describe('citations in the source', () => {
  it('cite no document a clone of the repository does not hold', () => {
    const found = sources.flatMap((f) => outsideCitations(fs.readFileSync(f, 'utf8')).map((line) => `${path.relative(root, f)}:${line}`));
    expect(found).toEqual([]);
  });

  it('are caught wherever they stand in a line', () => {
    expect(outsideCitations(['// the drawer (' + 'SPEC' + '.md section 9)', 'const x = 1;', ' * (' + 'design' + '.md section 5)'].join('\n'))).toEqual([1, 3]);
    expect(outsideCitations('// docs/spec-conformance.md, "Business constants and limits"')).toEqual([]);
  });

  it('name only docs the repository holds', () => {
    const missing = sources.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/\bdocs\/([\w-]+\.md)\b/g)].map((m) => m[1] ?? '').filter((name) => !fs.existsSync(path.join(root, 'docs', name))).map((name) => `${path.relative(root, f)}: docs/${name}`),
    );
    expect(missing).toEqual([]);
  });
});
