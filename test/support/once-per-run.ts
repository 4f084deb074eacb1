/**
 * Something made once per test run and shared by every test file that asks
 * (the built servers' seeded DATA_DIR): the first file to ask makes
 * it, the others (in other test workers) wait for its answer. Each file then
 * takes its own copy, so no test sees or changes another's data. The answer is
 * kept in the run's folder, which test/global-setup.ts makes and removes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** The environment variable naming this test run's folder (set by test/global-setup.ts, inherited by the workers). */
export const testRunDirVariable = 'NGO_TEST_RUN_DIR';

/** This run's folder, or null outside a test run (the benchmarks). */
export function testRunDir(): string | null {
  return process.env[testRunDirVariable] ?? null;
}

interface Made<T> {
  value: T;
  /** The UTC day it was made: the demo content's dates count from it. */
  day: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `make()`'s answer for this run, made once; null outside a test run or when
 * it was made on another day (the demo's dates would be a day off: the caller
 * makes its own).
 */
export async function oncePerRun<T>(name: string, make: () => Promise<T>): Promise<T | null> {
  const runDir = testRunDir();
  if (!runDir) return null;
  const ready = path.join(runDir, `${name}.json`);
  const failed = path.join(runDir, `${name}.failed`);
  let mine = false;
  try {
    fs.mkdirSync(path.join(runDir, `${name}.making`));
    mine = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (mine) {
    try {
      const made: Made<T> = { value: await make(), day: today() };
      fs.writeFileSync(ready, JSON.stringify(made));
    } catch (err) {
      fs.writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
  // Made in another worker: its answer is awaited (a seeding takes up to a minute on a busy machine).
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(ready)) {
    if (fs.existsSync(failed)) throw new Error(`${name}, made once for this run, failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${name} was not made in 180 s`);
    // Polling the run's folder for the other worker's answer.
    await delay(200);
  }
  const made = JSON.parse(fs.readFileSync(ready, 'utf8')) as Made<T>;
  return made.day === today() ? made.value : null;
}

/** Everything made this run, for the run's end to remove. */
export function madeThisRun(runDir: string): unknown[] {
  return fs
    .readdirSync(runDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(fs.readFileSync(path.join(runDir, f), 'utf8')) as Made<unknown>).value);
}
