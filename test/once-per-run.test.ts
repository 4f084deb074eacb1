/** What a test run shares (test/support/once-per-run.ts): made once, by whichever file asks first; another day's is not used. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { madeThisRun, oncePerRun, testRunDirVariable } from './support/once-per-run.js';
import { tempDir } from './helpers/databases.js';

describe('oncePerRun', () => {
  let runDir: string;
  let before: string | undefined;
  beforeEach(() => {
    before = process.env[testRunDirVariable];
    runDir = tempDir('once-per-run-');
    process.env[testRunDirVariable] = runDir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env[testRunDirVariable];
    else process.env[testRunDirVariable] = before;
    fs.rmSync(runDir, { recursive: true, force: true });
  });

  it('makes the thing once for callers asking at the same time, and lists it for the run\'s end', async () => {
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setImmediate(resolve));
      return { dataDir: '/somewhere' };
    };
    const answers = await Promise.all([oncePerRun('thing', make), oncePerRun('thing', make), oncePerRun('thing', make)]);
    expect(made).toBe(1);
    expect(answers).toEqual([{ dataDir: '/somewhere' }, { dataDir: '/somewhere' }, { dataDir: '/somewhere' }]);
    expect(madeThisRun(runDir)).toEqual([{ dataDir: '/somewhere' }]);
  });

  it('fails every caller with the maker\'s error', async () => {
    await expect(oncePerRun('broken', async () => Promise.reject(new Error('no seed today')))).rejects.toThrow('no seed today');
    await expect(oncePerRun('broken', async () => 'never made')).rejects.toThrow(/no seed today/);
  });

  it('answers null on another day than it was made (the demo\'s dates count from that day), and outside a test run', async () => {
    fs.writeFileSync(path.join(runDir, 'old.json'), JSON.stringify({ value: 'yesterday', day: '2000-01-01' }));
    fs.mkdirSync(path.join(runDir, 'old.making'));
    expect(await oncePerRun('old', async () => 'today')).toBeNull();
    delete process.env[testRunDirVariable];
    expect(await oncePerRun('other', async () => 'made')).toBeNull();
  });
});
