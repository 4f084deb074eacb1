/**
 * Which cores the bench's processes run on. On a machine with two or more
 * cores, every server being measured (ours, the bare node:http server and
 * nginx) runs on core 0, every thread of it, and wrk on the other cores with
 * one thread per core. Left to the scheduler, wrk's threads and the server
 * share the cores: a round in which wrk happens to take more of the server's
 * core measures the scheduler, not the server, and single rounds of one case
 * spread from 0.6 to 1.9 times the bare server's rate on a quiet 2-core
 * machine (docs/performance.md, "Each server on its own core").
 *
 * BENCH_PIN=0 leaves the scheduler to place them (and wrk at 2 threads), as
 * runs before 2026-11-29 did. Needs `taskset` (util-linux, on every Debian).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface Pinning {
  /** The core every measured server runs on. */
  serverCpu: number;
  /** taskset's list of the cores wrk runs on, e.g. "1" or "1-3". */
  loadCpus: string;
  /** wrk's threads: one per core it runs on. */
  loadThreads: number;
}

function tasksetWorks(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function detect(): Pinning | null {
  if (process.env.BENCH_PIN === '0') return null;
  const cores = os.availableParallelism();
  if (cores < 2) return null;
  if (!tasksetWorks()) {
    if (process.env.BENCH_PIN === '1') throw new Error('BENCH_PIN=1 but taskset does not work here: `apt-get install -y util-linux`');
    return null;
  }
  return { serverCpu: 0, loadCpus: cores === 2 ? '1' : `1-${cores - 1}`, loadThreads: cores - 1 };
}

export const pinning: Pinning | null = detect();

/** Puts every thread of a running process on the servers' core (no-op without pinning). */
export function pinServer(pid: number | undefined): void {
  if (!pinning || !pid) return;
  execFileSync('taskset', ['-a', '-p', '-c', String(pinning.serverCpu), String(pid)], { stdio: 'ignore' });
}

/** Puts a process and its children (nginx's master and its worker) on the servers' core. */
export function pinServerTree(pid: number | undefined): void {
  if (!pinning || !pid) return;
  pinServer(pid);
  let children = '';
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  } catch {
    // pgrep exits 1 when there is no child.
  }
  for (const child of children.split('\n').filter(Boolean)) pinServer(Number(child));
}

/** wrk's wrapper and threads: on the load cores, one thread each; 2 threads anywhere without pinning. */
export function loadGenerator(): { wrapper?: string[]; threads: number } {
  return pinning ? { wrapper: ['taskset', '-c', pinning.loadCpus], threads: pinning.loadThreads } : { threads: 2 };
}

/** How the report says where the processes ran. */
export function describePinning(): string {
  if (!pinning) return 'servers and wrk (2 threads) placed by the scheduler';
  return `each server on core ${pinning.serverCpu}, wrk on core${pinning.loadThreads > 1 ? 's' : ''} ${pinning.loadCpus} (${pinning.loadThreads} thread${pinning.loadThreads > 1 ? 's' : ''})`;
}
