/** Content steps several test files take. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ContentDocument } from '../../src/shared/collections.js';
import type { TestUser } from './users.js';

/** Saves a change to a block and publishes it in one step (a plain save would wait as pending changes); answers once the pages it touches are rendered again. */
export function publishChange(app: FastifyInstance, user: TestUser, doc: ContentDocument, data: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: `/api/collections/${doc.collection}/documents/${doc.id}`,
    headers: { ...user.headers, 'if-match': String(doc.version) },
    payload: { status: 'published', data },
  });
}
