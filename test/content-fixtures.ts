/** Fixtures for content API tests: valid block data for any collection, and media rows to point at. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CollectionDef } from '../src/shared/collections.js';
import type { FieldDef } from '../src/shared/fields.js';

/** Inserts a media row as an upload would leave it (the bytes are not needed by the content API). */
export async function insertMedia(app: FastifyInstance, kind: 'image' | 'pdf' = 'image'): Promise<string> {
  const id = `m${crypto.randomBytes(8).toString('hex')}`;
  await app.services.db.kysely
    .insertInto('media')
    .values({
      id,
      sha256: crypto.randomBytes(32).toString('hex'),
      content_type: kind === 'image' ? 'image/webp' : 'application/pdf',
      kind,
      byte_size: 1234,
      width: kind === 'image' ? 1600 : null,
      height: kind === 'image' ? 900 : null,
      dominant_color: kind === 'image' ? '#336699' : null,
      variants: JSON.stringify(kind === 'image' ? [{ name: '480', width: 480, height: 270, bytes: 100, key: `k-${id}-480` }] : []),
      original_name: kind === 'image' ? 'photo.jpg' : 'report.pdf',
      created_at: new Date().toISOString(),
      created_by: null,
    })
    .execute();
  return id;
}

export interface FixtureRefs {
  imageId: string;
  fileId: string;
  categoryId?: string;
}

function valueFor(f: FieldDef, refs: FixtureRefs, label: string): unknown {
  switch (f.type) {
    case 'text':
    case 'longText':
      return `${label} ${f.name}`.slice(0, f.max ?? 200);
    case 'richText':
      return `<p>${label} <strong>${f.name}</strong></p>`;
    case 'email':
      return 'someone@example.org';
    case 'url':
      return 'https://example.org/page';
    case 'date':
      return '2026-03-08';
    case 'dateTime':
      return '2026-03-08T09:00:00+03:00';
    case 'image':
      return { mediaId: refs.imageId, alt: `A picture for ${label}`, decorative: false };
    case 'file':
      return { mediaId: refs.fileId, name: 'Annual report 2025' };
    case 'category':
      return refs.categoryId ?? '';
    case 'switch':
      return true;
    case 'select':
      return f.options?.[0]?.value;
    case 'number':
      return f.min ?? 1;
    case 'emailList':
      return 'staff@example.org, desk@example.org';
    case 'formFields':
      if (f.besidesPerson) return [{ id: 'district', type: 'shortText', label: `${label} district`, required: false }];
      return [
        { id: 'name', type: 'shortText', label: `${label} name`, required: true },
        { id: 'email', type: 'email', label: 'E-mail address', required: true },
      ];
  }
}

/** Data that the collection's schema accepts, with every field filled. */
export function validData(c: Pick<CollectionDef, 'fields'>, refs: FixtureRefs, label = 'Block'): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of c.fields) {
    if (f.type === 'category' && !refs.categoryId) continue;
    data[f.name] = valueFor(f, refs, label);
  }
  return data;
}
