/**
 * The media domain: who may upload and delete, upload through ingest, no
 * delete while a block still shows the file, pruning, and the cached look-ups
 * that serving bytes needs. Routes are thin wrappers over this.
 */
import type { FastifyBaseLogger } from 'fastify';
import { can, type Action, type Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import type { MediaInfo, VariantName } from '../../shared/media.js';
import type { MediaLibraryItem, MediaList, MediaListQuery, MediaPatch } from '../../shared/media-library.js';
import { appendAudit } from '../audit/repository.js';
import { transaction } from '../db/index.js';
import { authorize } from '../authorize.js';
import type { Services } from '../services.js';
import { addMissingAvif, type AvifReport, type AvifStep } from './avif-job.js';
import { ingestMedia, variantOf, type IngestResult, type VariantTarget } from './ingest.js';
import { pruneMedia, removeMedia, type PruneOptions, type PruneReport } from './lifecycle.js';
import { Lru } from './lru.js';
import { libraryItemOf, mediaInfoOf } from './presenter.js';
import { describeReferences, describeUses, findReferences, referenceOf, type MediaReference } from './references.js';
import { sniffType } from './sniff.js';
import { findMediaById, listMediaPage, recordsMentioningIn, rewriteMediaReferences, updateMediaDetails, type Media } from './repository.js';
import { MediaUsage } from './usage.js';
import { mediaAltsIn, putMediaAlt } from '../translations/repository.js';

/** A library item with its alt text in other languages (none: the field is left out). */
function withAlts(item: MediaLibraryItem, alts: Record<string, string> | undefined): MediaLibraryItem {
  return alts && Object.keys(alts).length > 0 ? { ...item, altTranslations: alts } : item;
}
import type { ByteRange, MediaStore, StoredObject } from './store.js';

const media = { type: 'media' } as const;

/** The request's parsed input, read only once the caller is authorised: a refused caller learns nothing of its shape. */
export type Input<T> = () => T;

export interface UploadedFile {
  bytes: Buffer;
  /** The name the file had on the uploader's computer. */
  originalName: string | null | undefined;
}

/** One size of one media, ready to serve. */
export interface Located {
  media: Media;
  target: VariantTarget;
}

function noSuchFile(): AppError {
  return new AppError('not-found', 'There is no such file.');
}

/** 412 naming what still uses the file (the delete refusal). */
function stillUsed(refs: readonly MediaReference[]): AppError {
  return new AppError('failed-precondition', describeReferences(refs), { details: { blocks: refs } });
}

function alreadyDeleted(): AppError {
  return new AppError('not-found', 'There is no such file. It may already have been deleted.');
}

/** Staff only; visitors never write media, so a caller that passed is signed in. */
function staffUid(principal: Principal | null, action: Exclude<Action, 'read'>): string {
  authorize(principal, action, media);
  if (!principal) throw new AppError('unauthenticated');
  return principal.uid;
}

/**
 * A file's details (default alt text, focal point) and the file itself show
 * wherever it is used, so changing either changes each use: refused when one
 * of them is where the caller may not make changes (the site settings,
 * super-only collections). `change` says what a super-admin is asked to do.
 */
function refuseUsesBeyondCaller(principal: Principal | null, uses: readonly MediaReference[], change: string): void {
  const barred = uses.filter((u) => !can(principal, 'update', u.collection === 'settings' ? { type: 'settings' } : { type: 'collection', name: u.collection }));
  if (barred.length > 0) {
    throw new AppError('permission-denied', `This file is also used where you may not make changes (${describeUses(barred)}). Ask a super-admin to ${change}.`);
  }
}

const changeDetails = 'change its alt text or focal point';
const replaceIt = 'replace it';

export class MediaService {
  private readonly found = new Lru<Media>(2000, () => 1);
  // Resolved once per media and size.
  private readonly targets = new WeakMap<Media, Map<VariantName, VariantTarget | null>>();
  private readonly bytes = new Lru<Buffer>(64 * 1024 * 1024, (b) => b.length);
  private readonly unsubscribe: () => void;
  private readonly usage: MediaUsage;

  constructor(
    private readonly services: Pick<Services, 'db' | 'changes'>,
    private readonly store: MediaStore,
  ) {
    this.unsubscribe = services.changes.subscribe((event) => {
      if (event.type === 'media') this.found.delete(event.id);
      else if (event.type === 'reset') this.found.clear();
    });
    this.usage = new MediaUsage(services);
  }

  close(): void {
    this.unsubscribe();
    this.usage.close();
  }

  /** The library (staff only: visitors may read a file's bytes, not the list of every file). */
  async list(principal: Principal | null, input: Input<MediaListQuery>): Promise<MediaList> {
    authorize(principal, 'readDrafts', media);
    const query = input();
    const uses = await this.usage.uses();
    const page = await listMediaPage(this.services.db, query, uses.ids);
    const alts = await mediaAltsIn(this.services.db.kysely, page.media.map((m) => m.id));
    return { media: page.media.map((m) => withAlts(libraryItemOf(m, uses.byId.get(m.id) ?? []), alts.get(m.id))), total: page.total };
  }

  /**
   * The default alt text in another language (the file and its focal point
   * are every language's): saved and shown on that language's pages at once.
   * The same refusal as for the default alt text when the file is used where
   * the caller may not make changes. An empty text removes it (the default
   * language's shows, marked as such).
   */
  async updateAltIn(principal: Principal | null, input: Input<{ id: string; lang: string; alt: string }>, ip: string | null = null): Promise<MediaLibraryItem> {
    const uid = staffUid(principal, 'update');
    const { id, lang, alt } = input();
    const at = new Date().toISOString();
    const updated = await transaction(this.services.db, async (trx) => {
      refuseUsesBeyondCaller(principal, (await recordsMentioningIn(trx, id)).map(referenceOf), changeDetails);
      const found = await findMediaById({ ...this.services.db, kysely: trx }, id);
      if (!found) return undefined;
      await putMediaAlt(trx, { id, lang, alt, source: found.alt, at, by: uid });
      await appendAudit(trx, { action: 'media.update', actor: { uid }, subjectId: id, subject: `${found.originalName ?? '(a file without a name)'} (${lang})`, ip, at });
      return found;
    });
    if (!updated) throw noSuchFile();
    this.found.delete(id);
    this.services.changes.publish({ type: 'media', id });
    const alts = await mediaAltsIn(this.services.db.kysely, [id]);
    return withAlts(libraryItemOf(updated, (await this.usage.uses()).byId.get(id) ?? []), alts.get(id));
  }

  /**
   * Changes the default alt text and the focal point; every public page
   * showing the picture follows. Refused (403, nothing changed) when the file
   * is used where the caller may not make changes, read in the transaction.
   */
  async update(principal: Principal | null, input: Input<{ id: string; patch: MediaPatch }>, ip: string | null = null): Promise<MediaLibraryItem> {
    const uid = staffUid(principal, 'update');
    const { id, patch } = input();
    const updated = await transaction(this.services.db, async (trx) => {
      refuseUsesBeyondCaller(principal, (await recordsMentioningIn(trx, id)).map(referenceOf), changeDetails);
      const changed = await updateMediaDetails(trx, id, patch);
      if (!changed) return undefined;
      await appendAudit(trx, { action: 'media.update', actor: { uid }, subjectId: id, subject: changed.originalName ?? '(a file without a name)', ip });
      return changed;
    });
    if (!updated) throw noSuchFile();
    this.found.delete(id);
    // Rendered pages and page bundles hold the alt text and the focal point: the event drops them.
    this.services.changes.publish({ type: 'media', id });
    const alts = await mediaAltsIn(this.services.db.kysely, [id]);
    return withAlts(libraryItemOf(updated, (await this.usage.uses()).byId.get(id) ?? []), alts.get(id));
  }

  async upload(principal: Principal | null, input: Input<Promise<UploadedFile>>, ip: string | null = null): Promise<IngestResult> {
    const createdBy = staffUid(principal, 'create');
    const file = await input();
    return ingestMedia(this.services, this.store, { bytes: file.bytes, originalName: file.originalName, createdBy, audit: { ip } });
  }

  /** A media's description; staff also get the file's name (the authoring checks read it), visitors never. */
  async describe(principal: Principal | null, id: string): Promise<MediaInfo & { name?: string | null }> {
    authorize(principal, 'read', media);
    const found = await this.find(id);
    return can(principal, 'readDrafts', media) ? { ...mediaInfoOf(found), name: found.originalName } : mediaInfoOf(found);
  }

  /**
   * A new file in place of this one: ingested with the usual checks, then in
   * one transaction every block and setting that used the old file points at
   * the new one (versions bumped), which takes over the default alt text and
   * focal point unless it has its own. The old file goes once nothing uses it.
   * Refused (403) when the file is used where the caller may not make
   * changes: checked before the upload is read, and again on the rows the
   * transaction rewrites (a use added meanwhile is seen).
   */
  async replace(principal: Principal | null, input: Input<{ id: string; file: () => Promise<UploadedFile> }>, ip: string | null = null): Promise<MediaLibraryItem> {
    const uid = staffUid(principal, 'update');
    const { id, file } = input();
    const old = await findMediaById(this.services.db, id);
    if (!old) throw noSuchFile();
    // Replacing rewrites every block and setting that uses the file: the caller must be allowed to change each of them.
    refuseUsesBeyondCaller(principal, await findReferences(this.services.db, id), replaceIt);
    const upload = await file();
    const type = sniffType(upload.bytes);
    // A field holds pictures or PDFs, never either: the new file must be of the old one's kind.
    if (type !== null && (type === 'pdf') !== (old.kind === 'pdf')) {
      throw new AppError('invalid-argument', old.kind === 'pdf' ? 'Replace a PDF with another PDF.' : 'Replace a picture with another picture (JPEG, PNG, WebP, AVIF, GIF or SVG).', { field: 'file' });
    }
    const { info } = await ingestMedia(this.services, this.store, { bytes: upload.bytes, originalName: upload.originalName, createdBy: uid });
    const usedBy = async (mediaId: string) => (await this.usage.uses()).byId.get(mediaId) ?? [];
    if (info.id === id) return libraryItemOf(old, await usedBy(id));

    const at = new Date().toISOString();
    const { replacement, rewritten } = await transaction(this.services.db, async (trx) => {
      const rewritten = await rewriteMediaReferences(trx, id, info.id, at, uid, (uses) => refuseUsesBeyondCaller(principal, uses.map(referenceOf), replaceIt));
      const carried = await updateMediaDetails(trx, info.id, {
        ...(info.alt === '' && old.alt !== '' ? { alt: old.alt } : {}),
        ...(info.focalPoint === null && old.focalPoint !== null ? { focalPoint: old.focalPoint } : {}),
      });
      if (!carried) throw new AppError('aborted', 'The new file was removed while it was being put in place. Try again.');
      await appendAudit(trx, {
        action: 'media.replace',
        actor: { uid },
        subjectId: info.id,
        subject: `${old.originalName ?? '(a file without a name)'} → ${carried.originalName ?? '(a file without a name)'}`,
        ip,
      });
      return { replacement: carried, rewritten };
    });
    // Announced after the commit: caches read again only what is certainly written.
    for (const collection of rewritten.collections) this.services.changes.publish({ type: 'documents', collection });
    if (rewritten.settings) this.services.changes.publish({ type: 'settings' });
    this.found.delete(info.id);
    this.services.changes.publish({ type: 'media', id: info.id });
    // Revisions still name the old file; they do not keep it (as with delete). A use added since stays, with the file.
    if ((await removeMedia(this.services, this.store, old)).outcome === 'removed') this.found.delete(id);
    return libraryItemOf(replacement, await usedBy(info.id));
  }

  /** Refused with 412 naming the blocks while anything still uses the file (read in the transaction that deletes it). */
  async remove(principal: Principal | null, input: Input<string>, ip: string | null = null): Promise<void> {
    const uid = staffUid(principal, 'delete');
    const id = input();
    const existing = await findMediaById(this.services.db, id);
    if (!existing) throw alreadyDeleted();
    const removal = await removeMedia(this.services, this.store, existing, { actor: { uid }, ip });
    if (removal.outcome === 'used') throw stillUsed(removal.uses.map(referenceOf));
    if (removal.outcome === 'gone') throw alreadyDeleted();
    this.found.delete(id);
  }

  /** Media nothing uses, older than a day: run by the operator's command, not by a signed-in user. */
  prune(options: PruneOptions = {}): Promise<PruneReport> {
    return pruneMedia(this.services, this.store, options);
  }

  /** One size of a media, or 404 with the message the public sees. */
  async locate(principal: Principal | null, id: string, variant: VariantName): Promise<Located> {
    authorize(principal, 'read', media);
    const found = await this.find(id);
    let byName = this.targets.get(found);
    if (!byName) this.targets.set(found, (byName = new Map()));
    if (!byName.has(variant)) byName.set(variant, variantOf(found, variant));
    const target = byName.get(variant);
    if (!target) throw new AppError('not-found', 'There is no such size of this file.');
    return { media: found, target };
  }

  /**
   * One size of a media held whole in memory (row and bytes), for the fast
   * lane: nothing is read, so a miss is null and goes through locate/open.
   */
  held(id: string, variant: VariantName): { located: Located; bytes: Buffer } | null {
    const found = this.found.get(id);
    if (!found) return null;
    try {
      // The same check as locate(): visitors may read media.
      authorize(null, 'read', media);
    } catch {
      return null;
    }
    const target = this.targets.get(found)?.get(variant);
    const bytes = target ? this.bytes.get(target.key) : undefined;
    return target && bytes ? { located: { media: found, target }, bytes } : null;
  }

  /** Makes the AVIF copies pictures uploaded before them lack (avif-job.ts). */
  addMissingAvif(onStep?: (step: AvifStep) => void, signal?: AbortSignal): Promise<AvifReport> {
    return addMissingAvif(this.services, this.store, onStep, signal);
  }

  /** The stored bytes (whole ones of small files from memory), or null when the store has none. */
  async open(located: Located, range?: ByteRange): Promise<StoredObject | null> {
    const { key, contentType } = located.target;
    if (range) return this.store.get(key, range);
    const cached = this.bytes.get(key);
    if (cached) return { size: cached.length, contentType, bytes: cached };
    const object = await this.store.get(key);
    if (object && 'bytes' in object) this.bytes.set(key, object.bytes);
    return object;
  }

  /** Why bytes were missing: the media was removed meanwhile (404), or the store lost them (500, logged). */
  async missing(located: Located, log: FastifyBaseLogger): Promise<AppError> {
    // Another process (the prune command) may have removed the media since it was cached.
    this.found.delete(located.media.id);
    if (!(await findMediaById(this.services.db, located.media.id))) return noSuchFile();
    log.error({ key: located.target.key }, 'media bytes missing from the store');
    return new AppError('data-loss', 'The stored file is missing. Upload it again.');
  }

  private async find(id: string): Promise<Media> {
    const cached = this.found.get(id);
    if (cached) return cached;
    const row = await findMediaById(this.services.db, id);
    if (!row) throw noSuchFile();
    this.found.set(id, row);
    return row;
  }
}
