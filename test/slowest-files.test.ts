/** The report of the slowest test files printed after `npm test` (test/support/slowest-files.ts). */
import { describe, expect, it } from 'vitest';
import { slowestFiles, slowestFilesTable } from './support/slowest-files.js';

describe('the slowest files report', () => {
  const times = Array.from({ length: 14 }, (_, i) => ({ file: `test/file-${i}.test.ts`, ms: ((i * 5) % 14) * 1000 + 500, tests: i + 1 }));

  it('names the ten slowest files, slowest first, with their seconds and tests', () => {
    const rows = slowestFiles(times);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.ms)).toEqual([...rows.map((r) => r.ms)].sort((a, b) => b - a));
    expect(Math.min(...rows.map((r) => r.ms))).toBeGreaterThanOrEqual(Math.max(...times.filter((t) => !rows.includes(t)).map((t) => t.ms)));
    const table = slowestFilesTable(rows, times.length).split('\n');
    expect(table[0]).toBe('The 10 slowest test files (of 14; time in a worker, two run side by side):');
    expect(table[1]).toMatch(/^ {2}1\. test\/file-\d+\.test\.ts +13\.5 s +\d+ tests$/);
    expect(table).toHaveLength(11);
  });
});
