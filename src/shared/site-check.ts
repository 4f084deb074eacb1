/**
 * Authoring checks, the contract both sides share: the rules with their
 * severity, a finding's shape, the site check's screen and API paths, and the
 * flag that publishes despite errors. The rules themselves run in
 * src/shared/authoring (the same code in the form, before publishing on the
 * server, and across the whole site).
 *
 * Errors fail WCAG 2.2 AA (an image nobody can hear described, a link with no
 * name); publishing with them needs a confirmation the audit log records.
 * Warnings are advice and never stop anything.
 */
import { z } from 'zod';
import { apiPaths } from './api-paths.js';
import { scheduleBodySchema } from './editorial.js';
import { schema } from './fields.js';

export const siteCheckPath = '/site-check';

export const siteCheckApi = apiPaths.siteCheck;

export const findingSeverities = ['error', 'warning'] as const;
export type FindingSeverity = (typeof findingSeverities)[number];

/** Every rule, with its severity: one place. */
export const authoringRules = {
  'image-alt-missing': 'error',
  'alt-file-name': 'error',
  'alt-redundant': 'warning',
  'heading-skip': 'warning',
  'heading-too-high': 'warning',
  'link-empty': 'error',
  'link-vague': 'warning',
  'text-capitals': 'warning',
  'paragraph-long': 'warning',
  'link-pdf-unlabelled': 'warning',
  'link-internal-broken': 'warning',
} as const satisfies Record<string, FindingSeverity>;
export type AuthoringRule = keyof typeof authoringRules;
export const authoringRuleNames = Object.keys(authoringRules) as [AuthoringRule, ...AuthoringRule[]];

/** Where a finding is: a block (`collection`, `id`) or the site settings (`collection: 'settings'`). */
export const findingSchema = z.object({
  /** The page that shows the block's collection, as the site's structure says now, or null (site data, the settings). */
  page: z.string().nullable(),
  collection: z.string(),
  id: z.string(),
  /** The field's name; a nested part is dotted (`image.alt`). */
  field: z.string(),
  rule: z.enum(authoringRuleNames),
  severity: z.enum(findingSeverities),
  /** Plain words: what is wrong and how to fix it. */
  message: z.string(),
  /** The language of the words at fault, when they are a translation (absent: the original). */
  lang: z.string().optional(),
});
export type Finding = z.infer<typeof findingSchema>;

/** A finding of the site check also names its block as lists do (its title), for the screen. */
export const siteFindingSchema = findingSchema.extend({ title: z.string() });
export type SiteFinding = z.infer<typeof siteFindingSchema>;

/** A page of the site as the site check names it: findings carry its id (`page`), the screen groups them under its title, in the site's order. */
export const siteCheckPageSchema = z.object({ id: z.string(), title: z.string() });
export const siteCheckSchema = z.object({ findings: z.array(siteFindingSchema), pages: z.array(siteCheckPageSchema) });
export type SiteCheck = z.infer<typeof siteCheckSchema>;

/**
 * Publishing a block whose checks find errors is refused (400
 * `invalid-argument`, naming the first field, every finding in `details`)
 * unless the request sets this flag: in the body of `POST …/publish`, and as
 * a query parameter (`?overrideChecks=true`) of a PATCH that publishes. The
 * audit line of such a publish says it was overridden and which rules.
 */
export const overrideChecksFlag = 'overrideChecks';

/** A paragraph longer than this many words is hard to follow on a phone: `paragraph-long`. */
export const paragraphWordLimit = 150;

/** This many words in a row in capitals read as shouting and are spelt out letter by letter: `text-capitals`. */
export const capitalsWordRun = 4;

/** A rule as staff read it (the site check screen and the form's Checks panel). */
export const authoringRuleLabels: Record<AuthoringRule, string> = {
  'image-alt-missing': 'Picture without alt text',
  'alt-file-name': 'Alt text is a file name',
  'alt-redundant': 'Alt text starts with “image of”',
  'heading-skip': 'Heading skips a level',
  'heading-too-high': 'Heading above the block’s own level',
  'link-empty': 'Link without text',
  'link-vague': 'Link text says nothing on its own',
  'text-capitals': 'Text in capitals',
  'paragraph-long': 'Very long paragraph',
  'link-pdf-unlabelled': 'Link to a PDF not saying so',
  'link-internal-broken': 'Link to a page visitors cannot see',
};

/** Where the site check puts findings that are on no public page. */
export const siteCheckGroupLabels = { settings: 'Site settings', other: 'Other content' } as const;

/** The collection name of findings about the site settings. */
export const settingsCollection = 'settings';

/** `POST …/publish`: the schedule body, plus the flag that publishes despite errors. */
export const publishBodySchema = schema(() =>
  scheduleBodySchema
    .extend({
      [overrideChecksFlag]: z.boolean({ error: 'overrideChecks is true or false' }).optional(),
      /** A page: replace the redirect a super-admin set up by hand at its address (super-admins only; the audit log records it). */
      replaceRedirect: z.boolean({ error: 'replaceRedirect is true or false' }).optional(),
    })
    .strict(),
);
export type PublishBody = z.infer<typeof publishBodySchema>;

/** The query of a PATCH that publishes (`?overrideChecks=true`). */
export const overrideQuerySchema = schema(() =>
  z.object({ [overrideChecksFlag]: z.enum(['true', 'false'], { error: 'overrideChecks is true or false' }).transform((v) => v === 'true').optional() }).strict(),
);
