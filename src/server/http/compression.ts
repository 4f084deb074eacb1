/**
 * Compression per request is for dynamic API answers only (JSON built for
 * each caller; compressed above 1 KB). Answers kept in the HTTP cache
 * (cached-representation.ts: pages, page bundles) carry their brotli and gzip
 * bytes made once; media are compressed formats already; built assets are
 * compressed in their own scope (site/routes.ts).
 */
import type { FastifyCompressOptions } from '@fastify/compress';

export const dynamicCompression: FastifyCompressOptions = { global: true, threshold: 1024 };
