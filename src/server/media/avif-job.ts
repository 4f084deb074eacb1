/**
 * AVIF copies for pictures uploaded before they were made on upload. The
 * server runs this in the background after it starts (each picture's line in
 * the log says how far it is), and `npm run cli -- media avif` runs it now.
 * A picture's row gains its copies in one update that checks the row is
 * unchanged. On PostgreSQL one instance runs it at a time (an advisory lock;
 * the others skip it: `busy`). Pages that show the pictures are rendered
 * again (the `media` changes, announced together at most every few seconds,
 * so the pages are rendered once per batch, not once per picture) and offer
 * AVIF.
 */
import type { Services } from '../services.js';
import { makeAvifVariants } from './images.js';
import { deleteUnusedKeys } from './lifecycle.js';
import { originalKey, storeVariant } from './ingest.js';
import { addAvifVariants, findMediaById, listMediaUncheckedForAvif, type Media } from './repository.js';
import { wholeBytes, type MediaStore } from './store.js';
import { advisoryLockKeys, withSessionLock } from '../db/session-lock.js';

/** The advisory lock of the job on PostgreSQL. */
export const AVIF_JOB_LOCK_KEY = advisoryLockKeys.avifJob;
/** Pictures that gained copies are announced together this often (and at the end). */
const announceEveryMs = 5000;

/** A picture uploaded before AVIF copies were made, with sized copies (so AVIF ones may be made too), not tried yet. */
export function lacksAvif(media: Media): boolean {
  return media.kind === 'image' && !media.avifChecked && media.variants.length > 0;
}

export interface AvifStep {
  /** 1-based position of this picture among those to do. */
  index: number;
  total: number;
  media: Media;
  /** How many AVIF copies it gained (0: none was smaller than the original, or another server made them). */
  made: number;
  /** Why it failed (its original unreadable or missing); the job goes on with the next. */
  error?: string;
}

export interface AvifReport {
  total: number;
  updated: number;
  failed: number;
  /** Another instance was running the job: this one did nothing. */
  busy?: true;
}

/** Makes the missing AVIF copies, one picture at a time (images.ts limits how many are encoded at once). */
export async function addMissingAvif(
  services: Pick<Services, 'db' | 'changes'>,
  store: MediaStore,
  onStep: (step: AvifStep) => void = () => undefined,
  signal?: AbortSignal,
): Promise<AvifReport> {
  const done = await withSessionLock(services.db, AVIF_JOB_LOCK_KEY, false, () => run(services, store, onStep, signal));
  return done.ran ? done.value : { total: 0, updated: 0, failed: 0, busy: true };
}

async function run(services: Pick<Services, 'db' | 'changes'>, store: MediaStore, onStep: (step: AvifStep) => void, signal: AbortSignal | undefined): Promise<AvifReport> {
  // Only the rows not checked yet are read: after the first start this is an empty query, not every row parsed.
  const todo = (await listMediaUncheckedForAvif(services.db)).filter(lacksAvif);
  const report: AvifReport = { total: todo.length, updated: 0, failed: 0 };
  let gained: string[] = [];
  const announce = () => {
    for (const id of gained) services.changes.publish({ type: 'media', id });
    gained = [];
  };
  const every = setInterval(announce, announceEveryMs);
  try {
    for (const [i, listed] of todo.entries()) {
      if (signal?.aborted) break;
      const step = { index: i + 1, total: todo.length };
      // Read again: the row may have changed (or gone) since the list was made.
      const media = await findMediaById(services.db, listed.id);
      if (!media || !lacksAvif(media)) {
        onStep({ ...step, media: listed, made: 0 });
        continue;
      }
      try {
        const made = await addTo(services, store, media);
        if (made > 0) {
          report.updated += 1;
          gained.push(media.id);
        }
        onStep({ ...step, media, made });
      } catch (err) {
        report.failed += 1;
        onStep({ ...step, media, made: 0, error: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    clearInterval(every);
    // Also when stopped: the rows changed, and other instances' caches must hear of it.
    announce();
  }
  return report;
}

/** Makes and stores one picture's AVIF copies: how many its row gained (0 when none was smaller, or its row changed meanwhile). */
async function addTo(services: Pick<Services, 'db'>, store: MediaStore, media: Media): Promise<number> {
  const object = await store.get(originalKey(media));
  if (!object) throw new Error('its original is missing from the store');
  const encoded = await makeAvifVariants(await wholeBytes(object));
  const stored = [];
  for (const v of encoded) stored.push(await storeVariant(store, v));
  // Marked checked even with no copy (none came out smaller than the original), so it is not tried again.
  const added = await addAvifVariants(services.db, media.id, stored);
  // The picture was deleted (or changed by another server) while its copies were made: they are nobody's, unless another row has the same bytes.
  if (!added) await deleteUnusedKeys(services, store, stored.map((v) => v.key));
  return added ? stored.length : 0;
}
