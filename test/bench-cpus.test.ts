/**
 * The bench's cores (bench/cpus.ts): on a machine of two or more cores every
 * thread of a measured server runs on core 0 and wrk on the others, so the
 * load generator never takes CPU from the server it loads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { coresIn, cpusAllowedList, describePinning, loadGenerator, pinServer, pinServerTree, pinning } from '../bench/cpus.js';

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
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => cpusAllowedList(`/proc/${pid}/task/${tid}/status`) ?? '?');
}

/** The cores this test's process may use (it may run under taskset itself). */
const ours = coresIn(allowedCores(process.pid)[0]!);
const serverCore = String(ours[0]);

describe('the cores a process may use', () => {
  it("reads /proc's lists of cores", () => {
    expect(coresIn('0-1')).toEqual([0, 1]);
    expect(coresIn('0,2-3')).toEqual([0, 2, 3]);
    expect(coresIn('5')).toEqual([5]);
    expect(() => coresIn('zero')).toThrow('not a list of cores: zero');
  });
});

describe.runIf(ours.length >= 2)("the bench's cores on a machine of two or more cores", () => {
  it('are pinned unless BENCH_PIN=0 (taskset is there): servers on the first core this process may use, wrk on the others', () => {
    expect(pinning).toEqual({ serverCpu: ours[0], loadCpus: ours.slice(1).join(','), loadThreads: ours.length - 1 });
  });

  it('puts every thread of a measured server on core 0, threads it starts later too', async () => {
    const { child } = await started(`${withWorker}\nprocess.on('SIGUSR2', () => { new Worker('setInterval(() => {}, 1000)', { eval: true }).on('online', () => process.stdout.write('again\\n')); });`);
    const before = allowedCores(child.pid!);
    expect(before.length).toBeGreaterThan(2);
    expect(before.every((cores) => cores !== serverCore)).toBe(true);

    pinServer(child.pid);
    expect(new Set(allowedCores(child.pid!))).toEqual(new Set([serverCore]));

    const threads = allowedCores(child.pid!).length;
    const again = new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.kill('SIGUSR2');
    await again;
    const after = allowedCores(child.pid!);
    expect(after.length).toBeGreaterThan(threads);
    expect(new Set(after)).toEqual(new Set([serverCore]));
  });

  it("puts a server's child processes on core 0 with it (nginx's worker)", async () => {
    const { child: parent, line } = await started(`
      const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      process.on('exit', () => child.kill());
      process.stdout.write(String(child.pid) + '\\n');
      setInterval(() => {}, 1000);`);
    const childPid = Number(line);
    expect(childPid).toBeGreaterThan(0);
    expect(allowedCores(childPid).every((cores) => cores !== serverCore)).toBe(true);
    pinServerTree(parent.pid);
    expect(new Set(allowedCores(parent.pid!))).toEqual(new Set([serverCore]));
    expect(new Set(allowedCores(childPid))).toEqual(new Set([serverCore]));
    process.kill(childPid, 'SIGKILL');
  });

  it('runs wrk on the other cores, one thread each, and says so in the report', () => {
    const others = ours.slice(1);
    const load = loadGenerator();
    expect(load.threads).toBe(others.length);
    expect(load.wrapper).toEqual(['taskset', '-c', others.join(',')]);
    expect(describePinning()).toBe(
      others.length === 1
        ? `each server on core ${serverCore}, wrk on core ${others[0]} (1 thread)`
        : `each server on core ${serverCore}, wrk on cores ${others.join(',')} (${others.length} threads)`,
    );
  });
});
