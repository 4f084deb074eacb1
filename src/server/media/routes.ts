/**
 * Media over HTTP: upload (staff), describe, delete (staff), and serve the
 * bytes at /media/<id>/<variant> with headers that let browsers and CDNs keep
 * them forever and never guess their type.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Action, Principal } from '../../shared/access.js';
import { authorize } from '../authorize.js';
import { AppError } from '../../shared/errors.js';
import { maxUploadText, variantNames, type VariantName } from '../../shared/media.js';
import { etagMatches, requestHeader } from '../http/cached-representation.js';
import { ingestMedia, maxUploadBytes, variantOf } from './ingest.js';
import { deleteMedia } from './lifecycle.js';
import { toMediaInfo } from './presenter.js';
import { findMediaById, type MediaRow } from './repository.js';
import { createMediaStore, type ByteRange, type MediaStore } from './store.js';

const idSchema = z.string().regex(/^[0-9a-f]{64}$/);
const variantSchema = z.enum(variantNames);

const oneYear = 'public, max-age=31536000, immutable';
// Served files are never documents of this site: no scripts, no plugins, no framing.
const mediaCsp = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

function requireStaff(request: FastifyRequest, action: Action): Principal {
  const principal = request.principal;
  authorize(principal, action, { type: 'media' });
  // Visitors may never write media, so a caller that passed is signed in.
  if (!principal) throw new AppError('unauthenticated');
  return principal;
}

function tooLarge(): AppError {
  return new AppError('invalid-argument', `The file is larger than ${maxUploadText}. Make it smaller (for example, export the photo at a lower resolution) and try again.`, {
    field: 'file',
    status: 413,
  });
}

function parseId(raw: string): string {
  const id = idSchema.safeParse(raw);
  if (!id.success) throw new AppError('not-found', 'There is no such file.');
  return id.data;
}

/** A small LRU: rows and bytes are immutable per key, so the only invalidation is a delete. */
class Lru<V> {
  private readonly map = new Map<string, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly maxCost: number,
    private readonly costOf: (v: V) => number,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V): void {
    const cost = this.costOf(value);
    if (cost > this.maxCost / 8) return;
    this.delete(key);
    this.map.set(key, { value, cost });
    this.total += cost;
    for (const [k, v] of this.map) {
      if (this.total <= this.maxCost) break;
      this.map.delete(k);
      this.total -= v.cost;
    }
  }
  delete(key: string): void {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.total -= hit.cost;
    }
  }
  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}

/** Parses a single `bytes=` range; null means "serve it whole", 'unsatisfiable' means 416. */
export function parseRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or other units: RFC 9110 lets a server ignore Range and send everything.
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (!startText && !endText) return null;
  if (!startText) {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText ? Math.min(Number(endText), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function attachmentName(row: MediaRow): string {
  const fallback = row.kind === 'pdf' ? 'document.pdf' : 'file';
  const name = row.original_name ?? fallback;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const store: MediaStore = createMediaStore(app.services);
  const rows = new Lru<MediaRow>(2000, () => 1);
  // Parsed once per row and size: the variants column is JSON text.
  const targets = new WeakMap<MediaRow, Map<string, ReturnType<typeof variantOf>>>();
  const targetOf = (row: MediaRow, variant: VariantName) => {
    let byName = targets.get(row);
    if (!byName) targets.set(row, (byName = new Map()));
    if (!byName.has(variant)) byName.set(variant, variantOf(row, variant));
    return byName.get(variant) ?? null;
  };
  const bytes = new Lru<Buffer>(64 * 1024 * 1024, (b) => b.length);
  const unsubscribe = app.services.changes.subscribe((event) => {
    if (event.type === 'media') rows.delete(event.id);
    else if (event.type === 'reset') rows.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  // Registered here, not app-wide: only this plugin's routes read multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  async function loadRow(id: string): Promise<MediaRow> {
    const cached = rows.get(id);
    if (cached) return cached;
    const row = await findMediaById(app.services.db, id);
    if (!row) throw new AppError('not-found', 'There is no such file.');
    rows.set(id, row);
    return row;
  }

  app.post('/api/media', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    const principal = requireStaff(request, 'create');
    if (!request.isMultipart()) {
      throw new AppError('invalid-argument', 'Send the file as multipart/form-data in a field named "file".', { field: 'file' });
    }
    let part;
    try {
      part = await request.file();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
      throw new AppError('invalid-argument', 'The upload could not be read. Send one file in a field named "file".', { field: 'file' });
    }
    if (!part || part.fieldname !== 'file') {
      throw new AppError('invalid-argument', 'Send one file in a field named "file".', { field: 'file' });
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) throw tooLarge();
      throw err;
    }
    if (part.file.truncated) throw tooLarge();
    const result = await ingestMedia(app.services, store, { bytes: data, originalName: part.filename, createdBy: principal.uid });
    return reply.status(result.created ? 201 : 200).header('cache-control', 'no-store').send(result.info);
  });

  app.get<{ Params: { id: string } }>('/api/media/:id', async (request, reply) => {
    const row = await loadRow(parseId(request.params.id));
    return reply.header('cache-control', 'no-cache').send(toMediaInfo(row));
  });

  app.delete<{ Params: { id: string } }>('/api/media/:id', async (request, reply) => {
    requireStaff(request, 'delete');
    const id = idSchema.safeParse(request.params.id);
    if (!id.success) throw new AppError('not-found', 'There is no such file. It may already have been deleted.');
    await deleteMedia(app.services, store, id.data);
    rows.delete(id.data);
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string; variant: string } }>('/media/:id/:variant', { compress: false }, async (request, reply) => serve(request, reply));

  async function serve(request: FastifyRequest<{ Params: { id: string; variant: string } }>, reply: FastifyReply) {
    const variant = variantSchema.safeParse(request.params.variant);
    if (!variant.success) throw new AppError('not-found', 'There is no such size of this file.');
    const row = await loadRow(parseId(request.params.id));
    const target = targetOf(row, variant.data as VariantName);
    if (!target) throw new AppError('not-found', 'There is no such size of this file.');

    const etag = `"${target.key.split('.')[0] ?? target.key}"`;
    reply
      .header('content-type', target.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', oneYear)
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('content-security-policy', mediaCsp)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (row.kind !== 'image') reply.header('content-disposition', attachmentName(row));

    if (etagMatches(requestHeader(request, 'if-none-match'), etag)) return reply.status(304).send();

    const rangeHeader = request.headers.range;
    const ifRange = [request.headers['if-range']].flat()[0];
    if (rangeHeader && (!ifRange || ifRange.trim() === etag)) {
      const range = parseRange(rangeHeader, target.bytes);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${target.bytes}`).header('cache-control', 'no-store').removeHeader('content-disposition');
        throw new AppError('out-of-range', `The requested range is outside the file (${target.bytes} bytes).`, { status: 416 });
      }
      if (range) {
        const part = await store.get(target.key, range);
        if (!part) throw await missing(request, reply, row.id, target.key);
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${part.size}`).header('content-length', range.end - range.start + 1);
        return reply.send('bytes' in part ? part.bytes : part.stream);
      }
    }

    const cached = bytes.get(target.key);
    if (cached) return reply.header('content-length', cached.length).send(cached);
    const object = await store.get(target.key);
    if (!object) throw await missing(request, reply, row.id, target.key);
    reply.header('content-length', object.size);
    if ('bytes' in object) {
      bytes.set(target.key, object.bytes);
      return reply.send(object.bytes);
    }
    return reply.send(object.stream);
  }

  async function missing(request: FastifyRequest, reply: FastifyReply, id: string, key: string): Promise<AppError> {
    // An error must not be cached for a year or offered as a download.
    reply.header('cache-control', 'no-store').removeHeader('etag').removeHeader('content-disposition');
    // Another process (the prune command) may have removed the media since its row was cached.
    rows.delete(id);
    if (!(await findMediaById(app.services.db, id))) return new AppError('not-found', 'There is no such file.');
    request.log.error({ key }, 'media bytes missing from the store');
    return new AppError('data-loss', 'The stored file is missing. Upload it again.');
  }
}
