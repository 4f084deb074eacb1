/**
 * What a page costs a visitor on a phone, as the Pages screen shows it: the
 * bytes of every response a phone's browser gets to show the page from top
 * to bottom (HTML, CSS, JavaScript, the icon and every picture at the copy a
 * 375 px wide, 2× screen takes), headers included, compressed as sent.
 * Measured by the server from the rendered page (src/server/render/page-weight.ts),
 * against the budget in the site settings.
 */
import { z } from 'zod';
import { apiPrefix } from './api-paths.js';
import { schema } from './fields.js';

/** The phone a page is weighed for (and e2e/helpers/first-view.ts loads pages in). */
export const weighingPhone = { width: 375, height: 812, deviceScaleFactor: 2 } as const;

/** `GET`: every published page's weight (staff who see drafts). */
export const pageWeightsApi = `${apiPrefix}/site/page-weights` as const;

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
  }),
);
export type PageWeightsAnswer = z.infer<typeof pageWeightsAnswerSchema>;

/** Bytes as staff read them: `312 KB`, `1.4 MB`, `2 MB`. */
export function formatWeight(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
