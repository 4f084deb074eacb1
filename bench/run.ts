/**
 * `npm run bench`: builds if needed, starts the built server on a temporary
 * database with a realistic home page, runs every case (the trivial-route
 * ceiling, then bench/cases/*.ts) and prints the table. BENCH_DURATION
 * shortens each load (seconds, default 10).
 */
import { createContext, discoverCases, ensureBuilt, formatTable, runCases, startBuiltServer, writeResults, type BenchCase } from './harness.js';
import { ensureRealisticHome } from './seed-home.js';

const ceiling: BenchCase = { name: 'GET /api/health (ceiling)', url: '/api/health', ceiling: true, expectStatus: 200 };

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startBuiltServer();
  try {
    const ctx = createContext(server);
    const content = await ensureRealisticHome(ctx);
    ctx.log(`home page: ${content}`);
    const cases = [ceiling, ...(await discoverCases(ctx))];
    const { load, measures } = await runCases(ctx, cases);
    console.log('');
    console.log(formatTable(load, measures));
    const file = writeResults(load, measures, { duration: ctx.duration, connections: ctx.connections, content });
    console.log(`\nresults: ${file}`);
    const bad = load.filter((r) => r.errors > 0 || r.unexpectedStatus > 0);
    if (bad.length > 0) {
      console.error(`cases with errors or unexpected statuses: ${bad.map((r) => `${r.name} ${JSON.stringify(r.statusCodes)}`).join('; ')}`);
      process.exitCode = 1;
    }
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
