/**
 * Reads a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_CPU_PROF=dir
 * npm run bench`) and prints where the time went: by package (a dependency,
 * Node.js itself, our bundle) and the functions with the most self time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import fs from 'node:fs';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      hitCount: z.number().optional(),
      children: z.array(z.number()).optional(),
    }),
  ),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/** A dependency (`fastify`, `@fastify/helmet`), `node:` internals, our bundle, or V8's own entries. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return 'node: internals';
  if (/dist\/server\//.test(url)) return 'our server bundle';
  return url.replace(/^file:\/\//, '');
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  const top = Number(process.argv[3] ?? 25);
  const profile = profileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time from the samples: each sample's delta is charged to the node that was running.
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, t] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
    const key = `${functionName || '(anonymous)'}  ${pkg}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  }
  // Inclusive time: a sample counts once for every package on its stack (what a package and everything it calls costs).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)?.callFrame;
      if (f && f.functionName !== '(root)') seen.add(packageOf(f.url, f.functionName));
    }
    for (const pkg of seen) inclusive.set(pkg, (inclusive.get(pkg) ?? 0) + t);
  }
  const pct = (t: number) => `${((t / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages are of busy time)\n`);
  console.log('by package (self time):');
  for (const [pkg, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${pkg}`);
  console.log('\nby package, with what it calls (inclusive time):');
  for (const [pkg, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${pkg}`);
  console.log('\nfunctions (self time):');
  for (const [fn, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t)}  ${fn}`);
}

main();
