/**
 * Media over HTTP: upload (staff), describe, delete (staff), and serve the
 * bytes at /media/<id>/<variant> with headers that let browsers and CDNs keep
 * them forever and never guess their type. Request parsing, headers and
 * status codes only; the rules are in service.ts.
 */
import { setTimeout as delay } from 'node:timers/promises';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { maxUploadText, variantNames, type VariantName } from '../../shared/media.js';
import { mediaAltTranslationSchema, mediaListQuerySchema, mediaPatchSchema } from '../../shared/media-library.js';
import { zodToAppError } from '../plugins/errors.js';
import { etagMatches, requestHeader } from '../http/cached-representation.js';
import { dynamicCompression } from '../http/compression.js';
import { maxUploadBytes } from './ingest.js';
import type { ReadyAnswer } from '../http/fast-lane.js';
import type { VariantTarget } from './ingest.js';
import type { Media } from './repository.js';
import { MediaService, type Located, type UploadedFile } from './service.js';
import type { AvifStep } from './avif-job.js';

/** How long a server waits before asking again for the AVIF job another instance holds. */
const avifRetryMs = 60_000;
import { createMediaStore, type ByteRange } from './store.js';
import { apiPaths } from '../../shared/api-paths.js';

/** A media id: 64 lower-case hex digits (a SHA-256), checked by char code, without a regex, as the fast lane does per request. */
const idLength = 64;
function isMediaId(text: string): boolean {
  if (text.length !== idLength) return false;
  for (let i = 0; i < idLength; i++) {
    const c = text.charCodeAt(i);
    // 0-9 or a-f.
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

const variantSet: ReadonlySet<string> = new Set(variantNames);
function isVariantName(text: string): text is VariantName {
  return variantSet.has(text);
}

const oneYear = 'public, max-age=31536000, immutable';
// Served files are never documents of this site: no scripts, no plugins, no framing.
const mediaCsp = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

function tooLarge(): AppError {
  return new AppError('invalid-argument', `The file is larger than ${maxUploadText}. Make it smaller (for example, export the photo at a lower resolution) and try again.`, {
    field: 'file',
    status: 413,
  });
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

function parseId(raw: string): string {
  if (!isMediaId(raw)) throw new AppError('not-found', 'There is no such file.');
  return raw;
}

/** The one file of a multipart upload, in a field named "file". */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
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
  return { bytes: data, originalName: part.filename };
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

function attachmentName(media: Media): string {
  const fallback = media.kind === 'pdf' ? 'document.pdf' : 'file';
  const name = media.originalName ?? fallback;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers of one size of a media, whole or in part, made once per size (the fast lane keeps them as lines). */
type MediaHeaders = Readonly<Record<string, string> & { etag: string }>;
const headersOf = new WeakMap<VariantTarget, MediaHeaders>();
function mediaHeaders({ media, target }: Located): MediaHeaders {
  let headers = headersOf.get(target);
  if (!headers) {
    headers = Object.freeze({
      'content-type': target.contentType,
      'x-content-type-options': 'nosniff',
      'cache-control': oneYear,
      etag: `"${target.key.split('.')[0] ?? target.key}"`,
      'accept-ranges': 'bytes',
      'content-security-policy': mediaCsp,
      'cross-origin-resource-policy': 'cross-origin',
      ...(media.kind !== 'image' ? { 'content-disposition': attachmentName(media) } : {}),
    });
    headersOf.set(target, headers);
  }
  return headers;
}

const mediaPrefix = '/media/';
const idEnd = mediaPrefix.length + idLength;

/**
 * The id and size a URL of the fast lane names (`/media/<id>/<variant>`, which
 * the lane has already seen it starts with), or null for any other: a query
 * string, an upper-case or short id, an unknown size, `..`, another segment.
 * Slices at known offsets and a Set look-up, no regex or schema per request.
 */
function laneAddress(url: string): { id: string; variant: VariantName } | null {
  if (url.charCodeAt(idEnd) !== 47 /* '/' */) return null;
  const variant = url.slice(idEnd + 1);
  if (!isVariantName(variant)) return null;
  const id = url.slice(mediaPrefix.length, idEnd);
  return isMediaId(id) ? { id, variant } : null;
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const media = new MediaService(app.services, createMediaStore(app.services));
  app.addHook('onClose', async () => media.close());

  // Pictures uploaded before AVIF copies were made get them in the background, a line in the log each.
  const avifJob = new AbortController();
  let avifRun: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    const log = (step: AvifStep) => {
      const about = { media: step.media.id, name: step.media.originalName };
      if (step.error) app.log.warn(about, `media: no AVIF copies for picture ${step.index} of ${step.total}: ${step.error}`);
      else app.log.info(about, `media: AVIF copies for picture ${step.index} of ${step.total}: ${step.made} made`);
    };
    avifRun = (async () => {
      // Another instance holding the job (a rolling restart) may stop before it finishes: asked again each minute until this one has run it.
      for (;;) {
        const report = await media.addMissingAvif(log, avifJob.signal);
        if (!report.busy) {
          if (report.total > 0) app.log.info(report, `media: AVIF copies made for ${report.updated} of ${report.total} pictures${report.failed ? `, ${report.failed} failed` : ''}`);
          return;
        }
        app.log.info('media: another server is making the AVIF copies of older pictures; asking again in a minute');
        await delay(avifRetryMs, undefined, { signal: avifJob.signal });
      }
    })().catch((err: unknown) => {
      if (!avifJob.signal.aborted) app.log.error({ err }, 'media: making AVIF copies stopped');
    });
  });
  // A picture being encoded is finished (or given up) before the database closes.
  app.addHook('preClose', async () => {
    avifJob.abort();
    await avifRun;
  });

  // A size whose row and bytes are in memory is answered before Fastify's routing (http/fast-lane.ts),
  // with the headers serve() sends; a miss, a Range or a caller's token goes through serve().
  // The answers of a size are made once, with its etag, and kept as long as its bytes are.
  const ready = new WeakMap<Buffer, { etag: string; whole: ReadyAnswer; notModified: ReadyAnswer }>();
  app.fastLane.add(mediaPrefix, (url, headers) => {
    const address = laneAddress(url);
    const held = address && media.held(address.id, address.variant);
    if (!held) return null;
    let answers = ready.get(held.bytes);
    if (!answers) {
      const made = mediaHeaders(held.located);
      answers = {
        etag: made.etag,
        whole: { status: 200, lines: app.fastLane.lines(made, { 'content-length': held.bytes.length }), body: held.bytes },
        notModified: { status: 304, lines: app.fastLane.lines(made), body: null },
      };
      ready.set(held.bytes, answers);
    }
    return etagMatches(headers.ifNoneMatch, answers.etag) ? answers.notModified : answers.whole;
  });

  // The staff API: answers compressed when large; multipart bodies parsed only where a file is uploaded.
  await app.register(async (api) => {
    await api.register(compress, dynamicCompression);
    await api.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
      });
      uploads.post(apiPaths.media.list, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
        const result = await media.upload(request.principal, () => readUpload(request), request.ip);
        return reply.status(result.created ? 201 : 200).header('cache-control', 'no-store').send(result.info);
      });
      uploads.post<{ Params: { id: string } }>(apiPaths.media.replace, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
        const item = await media.replace(request.principal, () => ({ id: parseId(request.params.id), file: () => readUpload(request) }), request.ip);
        return reply.header('cache-control', 'no-store').send(item);
      });
    });

    api.get(apiPaths.media.list, async (request, reply) => {
      const list = await media.list(request.principal, () => parseWith(mediaListQuerySchema, request.query));
      return reply.header('cache-control', 'no-store').send(list);
    });

    api.patch<{ Params: { id: string } }>(apiPaths.media.one, async (request, reply) => {
      // `?lang=sw`: the default alt text in that language (only the alt text: the file and its focal point are shared).
      const lang = await app.services.translations.requested(request.query);
      if (lang) {
        const item = await media.updateAltIn(request.principal, () => ({ id: parseId(request.params.id), lang: lang.code, alt: parseWith(mediaAltTranslationSchema, request.body ?? {}).alt }), request.ip);
        return reply.header('cache-control', 'no-store').send(item);
      }
      const item = await media.update(request.principal, () => ({ id: parseId(request.params.id), patch: parseWith(mediaPatchSchema, request.body ?? {}) }), request.ip);
      return reply.header('cache-control', 'no-store').send(item);
    });

    api.get<{ Params: { id: string } }>(apiPaths.media.one, async (request, reply) => {
      const info = await media.describe(request.principal, parseId(request.params.id));
      return reply.header('cache-control', 'no-cache').send(info);
    });

    api.delete<{ Params: { id: string } }>(apiPaths.media.one, async (request, reply) => {
      await media.remove(request.principal, () => {
        const { id } = request.params;
        if (!isMediaId(id)) throw new AppError('not-found', 'There is no such file. It may already have been deleted.');
        return id;
      }, request.ip);
      return reply.status(204).send();
    });
  });

  // The bytes: no compression (images and PDFs are compressed already), no multipart; only the caller hook (principal.ts).
  app.get<{ Params: { id: string; variant: string } }>('/media/:id/:variant', async (request, reply) => serve(request, reply));

  async function serve(request: FastifyRequest<{ Params: { id: string; variant: string } }>, reply: FastifyReply) {
    const { variant } = request.params;
    if (!isVariantName(variant)) throw new AppError('not-found', 'There is no such size of this file.');
    const located = await media.locate(request.principal, parseId(request.params.id), variant);
    const { target } = located;

    const headers = mediaHeaders(located);
    const { etag } = headers;
    reply.headers(headers);

    if (etagMatches(requestHeader(request, 'if-none-match'), etag)) return reply.status(304).send();

    const rangeHeader = request.headers.range;
    const ifRange = [request.headers['if-range']].flat()[0];
    let range: ByteRange | null = null;
    if (rangeHeader && (!ifRange || ifRange.trim() === etag)) {
      const parsed = parseRange(rangeHeader, target.bytes);
      if (parsed === 'unsatisfiable') {
        reply.header('content-range', `bytes */${target.bytes}`).header('cache-control', 'no-store').removeHeader('content-disposition');
        throw new AppError('out-of-range', `The requested range is outside the file (${target.bytes} bytes).`, { status: 416 });
      }
      range = parsed;
    }

    const object = await media.open(located, range ?? undefined);
    if (!object) {
      // An error must not be cached for a year or offered as a download.
      reply.header('cache-control', 'no-store').removeHeader('etag').removeHeader('content-disposition');
      throw await media.missing(located, request.log);
    }
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`).header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', object.size);
    }
    return reply.send('bytes' in object ? object.bytes : object.stream);
  }
}
