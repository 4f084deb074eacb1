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

export const siteCheckPath = '/site-check';

export const siteCheckApi = '/api/site-check';

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
} as const satisfies Record<string, FindingSeverity>;
export type AuthoringRule = keyof typeof authoringRules;
export const authoringRuleNames = Object.keys(authoringRules) as [AuthoringRule, ...AuthoringRule[]];

/** Where a finding is: a block (`collection`, `id`) or the site settings (`collection: 'settings'`). */
export const findingSchema = z.object({
  /** The public page the block appears on, or null (site data, the settings). */
  page: z.string().nullable(),
  collection: z.string(),
  id: z.string(),
  /** The field's name; a nested part is dotted (`image.alt`). */
  field: z.string(),
  rule: z.enum(authoringRuleNames),
  severity: z.enum(findingSeverities),
  /** Plain words: what is wrong and how to fix it. */
  message: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

export const siteCheckSchema = z.object({ findings: z.array(findingSchema) });
export type SiteCheck = z.infer<typeof siteCheckSchema>;

/**
 * Publishing a block whose checks find errors is refused (400
 * `invalid-argument`, naming the first field, every finding in `details`)
 * unless the request sets this flag: in the body of `POST …/publish`, and as
 * a query parameter (`?overrideChecks=true`) of a PATCH that publishes. The
 * audit line of such a publish says it was overridden and which rules.
 */
export const overrideChecksFlag = 'overrideChecks';
