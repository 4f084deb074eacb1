/**
 * What a benchmark run prints and keeps: a table (req/s, p50/p99 for our
 * server, the bare node:http server and nginx, and the ratios), the targets
 * met or missed, bench/results/<label>.json, and the same text between
 * `<!-- bench:<label> -->` and `<!-- /bench:<label> -->` in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult, MeasureResult } from './harness.js';
import type { WrkResult } from './wrk.js';

export interface RunInfo {
  label: string;
  at: string;
  server: string;
  node: string;
  wrk: string;
  nginx: string | null;
  cpus: number;
  cpuModel: string;
  seconds: number;
  /** Rounds a compared load is split into, taken in turn with the bare server and nginx (1: one after the other). */
  rounds: number;
  /** `uptime` at the start and at the end of the run. */
  loadAverage: { start: number[]; end: number[] };
  content: string;
  /** Where the servers and wrk ran (bench/cpus.ts). */
  cores: string;
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const latency = (r: WrkResult | null) => (r ? `${ms(r.p50Ms)} / ${ms(r.p99Ms)}` : '');
const rps = (r: WrkResult | null) => (r ? String(r.requestsPerSecond) : '');
const ratio = (n: number | null) => (n === null ? '' : n.toFixed(2));

export function loadAverage(): number[] {
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

/** Each goal of each case: met, or by how much it was missed. */
export function goals(load: LoadResult[]): string[] {
  const out: string[] = [];
  for (const r of load) {
    const check = (what: string, got: number | null, goal: number | undefined) => {
      if (goal === undefined || got === null) return;
      const verdict = got >= goal ? 'met' : `missed by ${(goal - got).toFixed(2)} (${Math.round(((goal - got) / goal) * 100)} % short)`;
      out.push(`${r.name}: ${what} ${got.toFixed(2)}, target ≥ ${goal}: ${verdict}`);
    };
    check('÷ bare node:http', r.ratioToBare, r.goal?.bare);
    check('÷ nginx', r.ratioToNginx, r.goal?.nginx);
    if (r.ratioTo) check(`÷ "${r.ratioTo.name}"`, r.ratioTo.ratio, r.goal?.ratioTo);
  }
  return out;
}

export function markdown(info: RunInfo, load: LoadResult[], measures: MeasureResult[]): string {
  const lines = [
    `Measured ${info.at.slice(0, 16).replace('T', ' ')} UTC on ${info.cpuModel} (${info.cpus} cores, shared), Node.js ${info.node}, ${info.wrk}, ${info.nginx ?? 'nginx (not run)'}; ` +
      `server ${info.server}; ${info.seconds} s per load after a warm-up${info.rounds > 1 ? ` (compared loads in ${info.rounds} rounds of ${Math.max(1, Math.round(info.seconds / info.rounds))} s, in turn with the bare server and nginx, every other round in the reverse order; the lowest and highest ours ÷ bare of single rounds in brackets)` : ''}; ${info.cores}. ` +
      `Load average (1, 5, 15 min) at the start ${info.loadAverage.start.join(', ')}, at the end ${info.loadAverage.end.join(', ')}. Home page: ${info.content}.`,
    '',
    '| case | conns | ours req/s | ours p50 / p99 ms | bare node:http req/s | bare p50 / p99 ms | nginx req/s | nginx p50 / p99 ms | ours ÷ bare | ours ÷ nginx | server CPU µs/req (ours / bare) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of load) {
    const cpu = [r.ours.cpuMicrosPerRequest, r.bare?.cpuMicrosPerRequest].filter((n): n is number => typeof n === 'number').join(' / ');
    const bad = r.ours.badStatus + r.ours.socketErrors;
    lines.push(
      `| ${r.name}${bad > 0 ? ` (**${bad} errors**)` : ''} | ${r.connections} | ${rps(r.ours)} | ${latency(r.ours)} | ${rps(r.bare)} | ${latency(r.bare)} | ${rps(r.nginx)} | ${latency(r.nginx)} | ${ratio(r.ratioToBare)}${r.ratioToBareRounds ? ` (${r.ratioToBareRounds.map((n) => n.toFixed(2)).join('–')})` : ''} | ${ratio(r.ratioToNginx)} | ${cpu} |`,
    );
  }
  const relative = load.filter((r) => r.ratioTo || r.during);
  if (relative.length > 0) {
    lines.push('');
    for (const r of relative) {
      const parts = [`**${r.name}**`];
      if (r.ratioTo) parts.push(`÷ "${r.ratioTo.name}" = **${r.ratioTo.ratio.toFixed(2)}**`);
      if (r.during) parts.push(`(${r.during})`);
      lines.push(`- ${parts.join(' ')}`);
    }
  }
  const verdicts = goals(load);
  if (verdicts.length > 0) lines.push('', 'Targets:', '', ...verdicts.map((v) => `- ${v}`));
  if (measures.length > 0) {
    lines.push('', '| measurement | value |', '|---|--:|', ...measures.map((m) => `| ${m.name} | ${m.value} ${m.unit}${m.detail ? ` (${m.detail})` : ''} |`));
  }
  return lines.join('\n');
}

export function writeResults(root: string, info: RunInfo, load: LoadResult[], measures: MeasureResult[]): string {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${info.label}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...info, load, measures }, null, 2) + '\n');
  return file;
}

/** Replaces the text between the run's markers in docs/performance.md (appends the section when they are missing). */
export function updateDocs(root: string, info: RunInfo, text: string): string {
  const file = path.join(root, 'docs/performance.md');
  const open = `<!-- bench:${info.label} -->`;
  const close = `<!-- /bench:${info.label} -->`;
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  const block = `${open}\n${text}\n${close}`;
  const next = start >= 0 && end > start ? doc.slice(0, start) + block + doc.slice(end + close.length) : `${doc.trimEnd()}\n\n## Benchmark: ${info.label}\n\n${block}\n`;
  fs.writeFileSync(file, next);
  return file;
}
