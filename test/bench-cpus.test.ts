/**
 * The bench's cores (bench/cpus.ts): on a machine of two or more cores every
 * thread of a measured server runs on core 0 and wrk on the others, so the
 * load generator never takes CPU from the server it loads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { describePinning, loadGenerator, pinServer, pinServerTree, pinning } from '../bench/cpus.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A Node.js process running `script`, once it has written its first line (which is returned with it). */
async function started(script: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the test process exited with ${code}`)));
  });
  return { child, line };
}

const withWorker = `
const { Worker } = require('node:worker_threads');
new Worker('setInterval(() => {}, 1000)', { eval: true }).on('online', () => process.stdout.write('up\\n'));
setInterval(() => {}, 1000);
`;

/** The cores each thread of a process may run on, from /proc. */
function allowedCores(pid: number): string[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))?.[1] ?? '?');
}

describe.runIf(os.availableParallelism() >= 2)("the bench's cores on a machine of two or more cores", () => {
  it('are pinned unless BENCH_PIN=0 (taskset is there)', () => {
    expect(pinning).toEqual({ serverCpu: 0, loadCpus: os.availableParallelism() === 2 ? '1' : `1-${os.availableParallelism() - 1}`, loadThreads: os.availableParallelism() - 1 });
  });

  it('puts every thread of a measured server on core 0, threads it starts later too', async () => {
    const { child } = await started(`${withWorker}\nprocess.on('SIGUSR2', () => { new Worker('setInterval(() => {}, 1000)', { eval: true }).on('online', () => process.stdout.write('again\\n')); });`);
    const before = allowedCores(child.pid!);
    expect(before.length).toBeGreaterThan(2);
    expect(before.every((cores) => cores !== '0')).toBe(true);

    pinServer(child.pid);
    expect(new Set(allowedCores(child.pid!))).toEqual(new Set(['0']));

    const threads = allowedCores(child.pid!).length;
    const again = new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.kill('SIGUSR2');
    await again;
    const after = allowedCores(child.pid!);
    expect(after.length).toBeGreaterThan(threads);
    expect(new Set(after)).toEqual(new Set(['0']));
  });

  it("puts a server's child processes on core 0 with it (nginx's worker)", async () => {
    const { child: parent, line } = await started(`
      const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      process.on('exit', () => child.kill());
      setTimeout(() => process.stdout.write(String(child.pid) + '\\n'), 200);
      setInterval(() => {}, 1000);`);
    const childPid = Number(line);
    expect(childPid).toBeGreaterThan(0);
    expect(allowedCores(childPid).every((cores) => cores !== '0')).toBe(true);
    pinServerTree(parent.pid);
    expect(new Set(allowedCores(parent.pid!))).toEqual(new Set(['0']));
    expect(new Set(allowedCores(childPid))).toEqual(new Set(['0']));
    process.kill(childPid, 'SIGKILL');
  });

  it('runs wrk on the other cores, one thread each, and says so in the report', () => {
    const cores = os.availableParallelism();
    const load = loadGenerator();
    expect(load.threads).toBe(cores - 1);
    expect(load.wrapper).toEqual(['taskset', '-c', cores === 2 ? '1' : `1-${cores - 1}`]);
    expect(describePinning()).toBe(
      cores === 2 ? 'each server on core 0, wrk on core 1 (1 thread)' : `each server on core 0, wrk on cores 1-${cores - 1} (${cores - 1} threads)`,
    );
  });
});
