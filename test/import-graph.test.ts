/**
 * The shape of the source's imports: no cycles (type-only imports count: they
 * tie modules together just as much), and the server reaches browser code
 * only through the server-rendering entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Relative imports of a file (static, dynamic and type-only), resolved to source files. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.') && !/\.(css|svg|png|json)(\?.*)?$/.test(name))
    .map((name) => {
      const base = path.resolve(path.dirname(file), name).replace(/\.js$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
      if (!found) throw new Error(`${path.relative(root, file)} imports ${name}, which does not exist`);
      return found;
    });
}

const files = sourceFiles(src);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => path.relative(root, f);

describe('import graph', () => {
  it('has no cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const next of graph.get(f) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('reaches browser code from the server only through the server-rendering entry', () => {
    const entry = path.join(src, 'web', 'entry-server.tsx');
    const crossings = files
      .filter((f) => f.startsWith(path.join(src, 'server') + path.sep))
      .flatMap((f) => (graph.get(f) ?? []).filter((to) => to.startsWith(path.join(src, 'web') + path.sep) && to !== entry).map((to) => `${rel(f)} → ${rel(to)}`));
    expect(crossings).toEqual([]);
  });
});
