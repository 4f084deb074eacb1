/**
 * The log's destination (LineWriter in src/server/http/request-log.ts): whole
 * lines, in order, none lost; written at once when 64 KB wait, else within
 * 250 ms, and on demand (at exit).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LineWriter } from '../src/server/http/request-log.js';

describe('the log writer', () => {
  let dir: string;
  let file: string;
  let fd: number;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-writer-'));
    file = path.join(dir, 'server.log');
    fd = fs.openSync(file, 'a');
  });
  afterEach(() => {
    vi.useRealTimers();
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const written = () => fs.readFileSync(file, 'utf8');
  const line = (i: number) => `{"level":30,"n":${i},"url":"/événements/${i}","msg":"request completed"}\n`;

  it('keeps a few lines back for at most 250 ms, then writes them in order', () => {
    vi.useFakeTimers();
    const writer = new LineWriter(fd);
    for (let i = 0; i < 3; i++) writer.write(line(i));
    expect(written()).toBe('');
    vi.advanceTimersByTime(249);
    expect(written()).toBe('');
    vi.advanceTimersByTime(1);
    expect(written()).toBe(line(0) + line(1) + line(2));
  });

  it('writes at once when 64 KB are waiting, and the rest on flushSync, losing nothing', () => {
    vi.useFakeTimers();
    const writer = new LineWriter(fd);
    const lines = Array.from({ length: 2000 }, (_, i) => line(i));
    for (const l of lines) writer.write(l);
    const before = written();
    expect(before.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(lines.join('').startsWith(before)).toBe(true);
    writer.flushSync();
    expect(written()).toBe(lines.join(''));
    // Nothing is written twice when the timer fires afterwards.
    vi.advanceTimersByTime(1000);
    expect(written()).toBe(lines.join(''));
  });

  it('writes a line longer than the whole buffer in its place, between its neighbours', () => {
    vi.useFakeTimers();
    const writer = new LineWriter(fd);
    const long = `{"msg":"${'é'.repeat(40_000)}"}\n`;
    const lines = [line(1), long, line(2)];
    for (const l of lines) writer.write(l);
    writer.flushSync();
    expect(written()).toBe(lines.join(''));
  });
});
