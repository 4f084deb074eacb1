/**
 * `npm run lighthouse`: Lighthouse 13 (mobile, its default simulated slow 4G
 * and mid-range phone) with Debian's Chromium against a freshly started
 * built server, on every public page of the route table and on a page built
 * by editors through the API (bench/data-page.ts: the campaign layout, filled
 * and published), or on LIGHTHOUSE_PATHS=/,/events. Prints the four category
 * scores and the main timings, and writes bench/results/lighthouse.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { seedPages as pages } from '../src/server/structure/default-pages.js';
import { createContext, ensureBuilt, root, startBuiltServer } from './harness.js';
import { buildDataPage, dataPagePath } from './data-page.js';
import { disableFeaturesSwitch, disabledFeatureLists, headlessChromiumArgs, isDisableFeaturesSwitch } from '../src/server/weighing/phone-browser.js';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// chrome-launcher passes its own --disable-features first; Chromium reads only the last, so ours keeps its list rather than Playwright's.
const chromeFlags = [...headlessChromiumArgs.filter((flag) => !isDisableFeaturesSwitch(flag)), disableFeaturesSwitch(disabledFeatureLists(chromeLauncher.Launcher.defaultFlags()).flat())];
const paths = process.env.LIGHTHOUSE_PATHS?.split(',').filter(Boolean) ?? [...pages.map((p) => p.path), dataPagePath];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const timings = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface Row {
  path: string;
  scores: Record<(typeof categories)[number], number | null>;
  timings: Record<(typeof timings)[number], string>;
  failed: string[];
}

async function audit(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startBuiltServer();
  const rows: Row[] = [];
  try {
    if (paths.includes(dataPagePath)) {
      const ctx = createContext(server, () => undefined);
      const home = await ctx.api<{ media: Record<string, unknown> }>('GET', '/api/pages/home');
      await buildDataPage((method, apiPath, body, headers) => ctx.api(method, apiPath, body, headers), Object.keys(home.media));
    }
    for (const p of paths) {
      // As visitors meet it: rendered once already and kept (the first request after a start renders it, cold).
      await (await fetch(`${server.url}${p}`)).arrayBuffer();
      // A fresh browser per page, and one retry: a reused tab sometimes loses the trace (NO_NAVSTART).
      let lhr = await audit(`${server.url}${p}`);
      if (lhr.runtimeError) lhr = await audit(`${server.url}${p}`);
      if (lhr.runtimeError) throw new Error(`lighthouse failed on ${p}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // LIGHTHOUSE_REPORTS=dir keeps every full report for a closer look.
      const keep = process.env.LIGHTHOUSE_REPORTS;
      if (keep) {
        fs.mkdirSync(keep, { recursive: true });
        fs.writeFileSync(path.join(keep, `${p.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(categories.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round((lhr.categories[c]!.score ?? 0) * 100)])) as Row['scores'];
      const t = Object.fromEntries(timings.map((k) => [k, lhr.audits[k]?.displayValue ?? '-'])) as Row['timings'];
      // Audits that cost points, so a score below 100 says why.
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`);
      rows.push({ path: p, scores, timings: t, failed });
    }
  } finally {
    await server.stop();
  }
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`\n${pad('page', 18)}${categories.map((c) => pad(c, 16)).join('')}`);
  for (const r of rows) console.log(`${pad(r.path, 18)}${categories.map((c) => pad(String(r.scores[c] ?? '-'), 16)).join('')}`);
  console.log('');
  for (const r of rows) {
    console.log(`${r.path}: ${timings.map((k) => `${k} ${r.timings[k]}`).join(', ')}`);
    if (r.failed.length) console.log(`  below 90: ${r.failed.join(', ')}`);
  }
  const file = path.join(root, 'bench', 'results', 'lighthouse.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), chromium: chromePath, formFactor: 'mobile', rows }, null, 2) + '\n');
  console.log(`\nresults: ${path.relative(root, file)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
