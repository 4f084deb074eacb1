/**
 * axe on a page as it is now, held to one standard for every public page and
 * staff screen: WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices.
 *
 * axe-core is put into the page once (it stays until the page navigates) and
 * run there with `axe.run`. `@axe-core/playwright`'s `analyze()` does the same
 * work in three to four times the time on a staff screen (6.9 s against 2.1 s
 * on the Pages overview, 2,400 elements): it evaluates axe's 600 KB source
 * again on every call, and opens a second, blank page to merge the results of
 * frames. Neither the site nor the staff app has a frame, so the merge has
 * nothing to do (`iframes: false` says so; a frame added later would have to
 * be checked on its own page).
 */
import axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rule sets every page is held to. */
export const axeStandard = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] as const;

export interface AxeCheck {
  /** CSS selectors of parts left out (say, text an editor typed wrong on purpose). */
  exclude?: readonly string[];
}

type Violations = AxeResults['violations'];

/** Runs axe in the page; null when axe is not (or no longer) in it. */
function runInPage(page: Page, check: AxeCheck): Promise<Violations | null> {
  return page.evaluate(
    async ({ tags, exclude }) => {
      const found = (window as unknown as { axe?: typeof axe }).axe;
      if (!found) return null;
      const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
      const result = await found.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
      return result.violations;
    },
    { tags: [...axeStandard], exclude: [...(check.exclude ?? [])] },
  );
}

/** axe's violations on the page as it is now. */
export async function axeFindings(page: Page, check: AxeCheck = {}): Promise<Violations> {
  const first = await runInPage(page, check);
  if (first) return first;
  await page.evaluate(axe.source);
  const second = await runInPage(page, check);
  if (!second) throw new Error(`axe could not be put into ${page.url()}: the page navigated while it was being checked`);
  return second;
}

/** axe's violations on the page as it is now, one line each (impact, rule, what it asks, and where). */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  return (await axeFindings(page, check)).map((v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
