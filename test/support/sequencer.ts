/**
 * The order test files start in. With timings of an earlier run (vitest's
 * cache), vitest's own order holds: failed first, then the longest. On a fresh
 * clone there are none, and vitest falls back to the largest file first, which
 * starts short files full of small tests before browser journeys that take a
 * minute in a few lines (a real token expiry, a page weighed in Chromium); one
 * of those left for the end runs alone while the other worker has finished.
 * Without timings the browser journeys start first, largest first, then the
 * rest as vitest orders them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isJourney = (spec: TestSpecification) => /[\\/]e2e[\\/][^\\/]+\.test\.ts$/.test(spec.moduleId);

export default class JourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    // Array.prototype.sort is stable: within each group vitest's order stays.
    return [...sorted].sort((a, b) => Number(isJourney(b)) - Number(isJourney(a)));
  }
}
