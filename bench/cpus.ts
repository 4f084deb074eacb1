/**
 * Which cores the bench's processes run on. On a machine with two or more
 * cores, every server being measured (ours, the bare node:http server and
 * nginx), every thread of it, runs on one core, and wrk on the other cores
 * with one thread per core. Left to the scheduler, wrk's threads and the
 * server share the cores, so a round measures how the scheduler shared them as
 * well as the server; pinned, each server gets the same single core and the
 * load generator never takes from it. On the shared 2-core virtual machine this
 * did not narrow the spread of single rounds, which is the machine's own
 * (docs/performance.md, "Each server on its own core").
 *
 * The servers' core is the first core this process may use (core 0 unless the
 * bench runs under `taskset`) and wrk gets the rest of them, so a bench run
 * under `taskset` stays on the cores it was given. BENCH_PIN=0 leaves the
 * scheduler to place them (and wrk at 2 threads), as runs before 2026-11-29
 * did. Needs `taskset` (util-linux, on every Debian).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface Pinning {
  /** The core every measured server runs on: the first this process may use. */
  serverCpu: number;
  /** taskset's list of the cores wrk runs on (the others this process may use), e.g. "1" or "1,2,3". */
  loadCpus: string;
  /** wrk's threads: one per core it runs on. */
  loadThreads: number;
}

/** The cores a process may run on, from a Cpus_allowed_list such as "0-1" or "0,2-3". */
export function coresIn(list: string): number[] {
  const cores: number[] = [];
  for (const part of list.trim().split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to)) throw new Error(`not a list of cores: ${list}`);
    for (let core = from; core <= to; core++) cores.push(core);
  }
  return cores;
}

/** The Cpus_allowed_list of a /proc status file (a process's or one of its threads'), e.g. "0-1"; null where there is none. */
export function cpusAllowedList(statusFile: string): string | null {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(statusFile, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The cores this process may run on (it may itself run under taskset), or null where /proc does not say. */
function allowedCores(): number[] | null {
  const list = cpusAllowedList('/proc/self/status');
  return list ? coresIn(list) : null;
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
  const cores = allowedCores();
  if (!cores || cores.length < 2) return null;
  if (!tasksetWorks()) {
    if (process.env.BENCH_PIN === '1') throw new Error('BENCH_PIN=1 but taskset does not work here: `apt-get install -y util-linux`');
    return null;
  }
  const [serverCpu, ...load] = cores as [number, ...number[]];
  return { serverCpu, loadCpus: load.join(','), loadThreads: load.length };
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
