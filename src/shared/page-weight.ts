/**
 * What a page costs a visitor on a phone, as the Pages screen shows it: the
 * bytes of every response a phone's browser gets for the page's first view
 * (HTML, CSS, JavaScript, the icon and the pictures it fetches without
 * scrolling, at the copy a 375 px wide, 2× screen takes), headers included,
 * compressed as sent. The server loads the page in headless Chromium to
 * measure it (src/server/weighing/phone-browser.ts); without a browser it
 * reads the rendered page and counts the whole page, scrolled to the end
 * (src/server/weighing/page-weight.ts), and says so. Against the budget in the
 * site settings.
 */
import { z } from 'zod';
import { apiPaths } from './api-paths.js';
import { schema } from './fields.js';

/** The phone a page is weighed for (and e2e/helpers/first-view.ts loads pages in). */
export const weighingPhone = { width: 375, height: 812, deviceScaleFactor: 2 } as const;

/** `GET`: every published page's weight (staff who see drafts). */
export const pageWeightsApi = apiPaths.site.pageWeights;

/** The budgets staff choose from in the site settings, in KB (1,024 bytes; 1,024 KB are 1 MB); 500 unless they choose. */
export const pageWeightBudgets = ['100', '250', '500', '750', '1024', '1536', '2048'] as const;
export type PageWeightBudget = (typeof pageWeightBudgets)[number];
export const defaultPageWeightBudget: PageWeightBudget = '500';
/** How the settings name each budget: as the Pages screen writes weights. */
export const pageWeightBudgetLabel = (budget: PageWeightBudget): string => formatWeight(Number(budget) * 1024);

/** The budget in bytes: the settings' choice, else 500 KB. */
export function pageWeightBudgetBytes(choice: string | null | undefined): number {
  const known = pageWeightBudgets.find((b) => b === choice) ?? defaultPageWeightBudget;
  return Number(known) * 1024;
}

const bytes = () => z.number().int().nonnegative();

/** What a weight covers: the first view (measured in a browser), or the whole page scrolled to the end. */
export const pageViews = ['first-view', 'whole-page'] as const;
export type PageView = (typeof pageViews)[number];

/** What each kind of response adds up to, in bytes. */
const weightPartsSchema = schema(() => z.object({ html: bytes(), css: bytes(), js: bytes(), pictures: bytes(), other: bytes() }));
export type WeightParts = z.infer<typeof weightPartsSchema>;

/** One picture a phone takes for the page: its copy's address, bytes, and its alt text ('' when decorative). */
const weighedPictureSchema = schema(() => z.object({ url: z.string(), bytes: bytes(), alt: z.string() }));
export type WeighedPicture = z.infer<typeof weighedPictureSchema>;

const pageWeightSchema = schema(() =>
  z.object({
    id: z.string(),
    path: z.string(),
    title: z.string(),
    /** Every response, in bytes. */
    total: bytes(),
    parts: weightPartsSchema,
    responses: bytes(),
    /** The heaviest pictures, heaviest first (at most three). */
    heaviest: z.array(weighedPictureSchema),
    /** Pictures of carousel slides after the first: fetched only when their slide is shown, not counted. */
    laterSlides: bytes(),
    /** Over the budget? */
    over: z.boolean(),
    /** What was weighed: the first view, loaded in Chromium, or the whole page, read from its HTML (no browser on the server). */
    view: z.enum(pageViews),
  }),
);
export type PageWeight = z.infer<typeof pageWeightSchema>;

/** The answer of `GET` pageWeightsApi: the budget (bytes), the phone, each published page. */
export const pageWeightsAnswerSchema = schema(() =>
  z.object({
    budget: bytes(),
    phone: z.object({ width: z.literal(weighingPhone.width), height: z.literal(weighingPhone.height), deviceScaleFactor: z.literal(weighingPhone.deviceScaleFactor) }),
    pages: z.array(pageWeightSchema),
    /** Published pages that could not be weighed: what their address answered (a page that fails to render: 500). */
    failed: z.array(z.object({ id: z.string(), path: z.string(), title: z.string(), status: z.number().int() })),
    /** While pages are being weighed (weighing starts at the first request after a change; until a page is weighed again its last weight is shown). */
    weighing: z.object({ done: bytes(), of: bytes() }).nullable(),
    /** Why first views could not be measured in a browser, in words for staff; null when they were (or are being). */
    firstViewUnavailable: z.string().nullable(),
  }),
);
export type PageWeightsAnswer = z.infer<typeof pageWeightsAnswerSchema>;

/** Bytes as staff read them: `312 KB`, `1.4 MB`, `2 MB`. */
export function formatWeight(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
