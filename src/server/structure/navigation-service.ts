/**
 * The navigation document through the structure API: read with what would
 * go wrong on publishing, saved as a working copy (visitors see no change),
 * published. It is the block `main` of `sitenavigation`, so its history,
 * audit lines and unpublished changes are a block's.
 */
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import { navigationBodySchema, navigationPublishBodySchema, navigationSchema, siteNavigationCollection, siteNavigationId, type NavigationAnswer } from '../../shared/site-navigation.js';
import { authorize } from '../authorize.js';
import type { Caller, ContentService } from '../content/service.js';
import type { ExpectedVersion } from '../http/if-match.js';
import type { Services } from '../services.js';

const subject = { type: 'collection', name: siteNavigationCollection } as const;

/** A 400 naming the field as the contract says (`navigation.header.2.url`). */
function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[['navigation', ...issue.path.map(String)].join('.')] ??= issue.message;
  const first = Object.keys(fields)[0] ?? 'navigation';
  return new AppError('invalid-argument', `${first}: ${fields[first] ?? 'not valid'}`, { field: first, fields });
}

export class NavigationService {
  constructor(
    private readonly services: Services,
    private readonly content: ContentService,
  ) {}

  async read(principal: Principal | null): Promise<NavigationAnswer> {
    authorize(principal, 'readDrafts', subject);
    const s = await this.services.structure.current();
    if (!s.navigation) throw new AppError('not-found', 'The site has no navigation yet.');
    const { row, live, working } = s.navigation;
    return { navigation: working, live, hasPendingChanges: row.pending_data !== null || row.status !== 'published', version: Number(row.version), problems: this.services.structure.navigationProblems(s, working), trashedPages: this.services.structure.trashedPagesIn(s, working) };
  }

  async save(caller: Caller, expectedVersion: ExpectedVersion, body: unknown): Promise<NavigationAnswer> {
    authorize(caller.principal, 'update', subject);
    const parsedBody = navigationBodySchema.safeParse(body ?? {});
    if (!parsedBody.success) throw invalid([{ path: [], message: 'Send { navigation: { header, footer } }' }]);
    const parsed = navigationSchema.safeParse(parsedBody.data.navigation);
    if (!parsed.success) throw invalid(parsed.error.issues);
    await this.content.update(caller, siteNavigationCollection, siteNavigationId, expectedVersion, { data: parsed.data });
    return this.read(caller.principal);
  }

  async publish(caller: Caller, expectedVersion: ExpectedVersion, body: unknown): Promise<NavigationAnswer> {
    authorize(caller.principal, 'update', subject);
    const input = navigationPublishBodySchema.safeParse(body ?? {});
    if (!input.success) throw invalid(input.error.issues);
    const s = await this.services.structure.current();
    const problems = s.navigation ? this.services.structure.navigationProblems(s, s.navigation.working) : [];
    if (problems.length > 0 && input.data.acceptProblems !== true) {
      throw new AppError('failed-precondition', `${problems.length === 1 ? 'One item points' : `${problems.length} items point`} to a page visitors cannot see: ${problems.map((p) => p.label).join(', ')}. Publish those pages first, or publish anyway: such items are left out until their page is published.`, {
        status: 409,
        details: { problems },
      });
    }
    await this.content.editorial.publish(caller, siteNavigationCollection, siteNavigationId, expectedVersion, {});
    return this.read(caller.principal);
  }
}
