/**
 * A Vitest reporter that prints, after every run, the ten test files that took
 * longest (loading, set-up and tests, as Vitest measured them), so a file that
 * grows slow is seen the day it does. Beside Vitest's default reporter
 * (vitest.config.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  ms: number;
  tests: number;
}

/** How long a file took: its environment, Vitest's set-up, the setup files, loading it, and its tests and hooks. */
export function fileTime(m: TestModule): FileTime {
  const d = m.diagnostic();
  return {
    file: m.relativeModuleId,
    ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    tests: [...m.children.allTests()].length,
  };
}

/** The `count` slowest files, slowest first. */
export function slowestFiles(times: readonly FileTime[], count = 10): FileTime[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
}

export function slowestFilesTable(rows: readonly FileTime[], total: number): string {
  const width = Math.max(...rows.map((r) => r.file.length), 4);
  const lines = rows.map((r, i) => `${String(i + 1).padStart(3)}. ${r.file.padEnd(width)}  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(r.tests).padStart(3)} tests`);
  return [`The ${rows.length} slowest test files (of ${total}; time in a worker, two run side by side):`, ...lines].join('\n');
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length < 2) return;
    process.stdout.write(`\n${slowestFilesTable(slowestFiles(modules.map(fileTime)), modules.length)}\n\n`);
  }
}
