/**
 * Compression per request is for dynamic API answers only (JSON built for
 * each caller; compressed above 1 KB). Answers kept in the HTTP cache
 * (cached-representation.ts: pages, page bundles) carry their brotli and gzip
 * bytes made once; media are compressed formats already; built assets are
 * sent as the brotli or gzip copy the build made (scripts/precompress.mjs),
 * what has no copy compressed in their own scope (site/routes.ts).
 */
import type { FastifyCompressOptions } from '@fastify/compress';
import compression from '../../shared/compression.json' with { type: 'json' };

export const dynamicCompression: FastifyCompressOptions = { global: true, threshold: compression.thresholdBytes };

/** The built files' scope (site/routes.ts): what the build made no brotli or gzip copy of. */
export const builtFileCompression: FastifyCompressOptions = { threshold: compression.thresholdBytes };
