/**
 * The collection registry: every collection is declared once here, and the API
 * routes, validation, admin menu, list and form screens and the public page
 * sections all follow from the declaration (registry-index.ts holds the plain
 * declarations; this module adds their fields and schemas).
 */
import { z } from 'zod';
import { dataSchema, schema, type FieldDef } from './fields.js';
import { kinds } from './kinds.js';
import { siteSettingsFields } from './settings.js';

import type { PageSection } from './page-sections.js';
import { pageDataSchema, sitePageCollection } from './site-structure.js';
import { navigationSchema, siteNavigationCollection } from './site-navigation.js';
import {
  declarations,
  systemDeclarations,
  formPathsOf,
  listPathsOf,
  readAccessOf,
  writeAccessOf,
  type CollectionKind,
  type Declaration,
  type StaffGroup,
  type ReadAccess,
  type WriteAccess,
} from './registry-index.js';

export type { BlockKind, CollectionKind, CollectionName, ReadAccess, StaffGroup, WriteAccess } from './registry-index.js';

export interface CollectionDef {
  /** The API name and the list path without its slash. */
  name: string;
  /** Label in menus and headings. */
  label: string;
  /** Menu group in the staff drawer. */
  group: StaffGroup;
  /** What the block is for: shown on an empty list. */
  description: string;
  kind: CollectionKind;
  /** The public heading over its blocks, if any. */
  heading: string | null;
  /** Stories and events: the path before `/:id` of each block's own page. */
  detailPath: string | null;
  listPath: string;
  /** Form paths; each takes `:id` (`new` creates). The first is the canonical one. */
  formPaths: string[];
  fields: readonly FieldDef[];
  /** The field shown as the row title in lists. */
  titleField: string;
  /** The field holding the list thumbnail, if any. */
  imageField: string | null;
  /** How staff screens name one block and several. */
  nouns: { one: string; many: string };
  read: ReadAccess;
  write: WriteAccess;
  /** Lists that can grow get search and pagination. */
  growing: boolean;
}

export function defineCollection(d: Declaration): CollectionDef & { extraListPaths: string[] } {
  const [listPath, ...extraListPaths] = listPathsOf(d);
  const kind = kinds[d.kind];
  return {
    name: d.name,
    label: d.label,
    group: d.group,
    description: kind.purpose,
    kind: d.kind,
    heading: d.heading ?? kind.heading,
    detailPath: d.detail?.path ?? null,
    listPath: listPath ?? `/${d.name}`,
    formPaths: formPathsOf(d),
    extraListPaths,
    fields: kind.fields,
    titleField: kind.titleField,
    imageField: kind.imageField,
    nouns: kind.nouns,
    read: readAccessOf(d),
    write: writeAccessOf(d),
    growing: d.growing ?? false,
  };
}

export const collections: readonly (CollectionDef & { extraListPaths: string[] })[] = declarations.map(defineCollection);

/** The site's structure as collections (pages): found by name, never listed with the blocks. */
export const systemCollections: readonly (CollectionDef & { extraListPaths: string[] })[] = systemDeclarations.map(defineCollection);

const byName = new Map<string, CollectionDef & { extraListPaths: string[] }>([...collections, ...systemCollections].map((c) => [c.name, c]));

export function getCollection(name: string): (CollectionDef & { extraListPaths: string[] }) | undefined {
  return byName.get(name);
}


/**
 * The collection of a section editors added to a page (its name matches
 * `sectionCollectionPattern`): a collection of the section's kind, named
 * after the page's title.
 */
export function sectionCollectionDef(section: PageSection, page: { id: string; title: string }): CollectionDef & { extraListPaths: string[] } {
  const kind = kinds[section.kind];
  const def = defineCollection({ name: section.collection, label: `${page.title}: ${section.heading ?? kind.nouns.many}`, group: 'Site', kind: section.kind });
  return { ...def, heading: section.heading ?? kind.heading };
}

/** The structure's records have schemas of their own (sections and menus are not fields). */
const systemSchemas: Record<string, () => z.ZodType<Record<string, unknown>>> = {
  [sitePageCollection]: () => pageDataSchema as unknown as z.ZodType<Record<string, unknown>>,
  [siteNavigationCollection]: () => navigationSchema as unknown as z.ZodType<Record<string, unknown>>,
};

/** Zod schemas per kind of data, built once (a page's record has its own; sections are not fields). */
const schemaCache = new Map<string, z.ZodType<Record<string, unknown>>>();
export function collectionDataSchema(c: Pick<CollectionDef, 'name' | 'kind' | 'fields'>): z.ZodType<Record<string, unknown>> {
  const own = systemSchemas[c.name];
  if (own) return own();
  const key = `kind:${c.kind}`;
  let s = schemaCache.get(key);
  if (!s) {
    s = dataSchema(c.fields);
    schemaCache.set(key, s);
  }
  return s;
}

export const documentStatusSchema = schema(() => z.enum(['draft', 'published']));
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** A stored block as the API returns it. */
export interface ContentDocument {
  id: string;
  collection: string;
  /** The working copy: pending changes when there are some, else what visitors see (shared/editorial.ts). */
  data: Record<string, unknown>;
  position: number;
  status: DocumentStatus;
  /** A published block with saved changes visitors do not see yet. */
  hasPendingChanges: boolean;
  /** What visitors see, when it differs from `data` (pending changes); else null. */
  liveData: Record<string, unknown> | null;
  /** When the block or its pending changes go live (ISO), or null. */
  publishAt: string | null;
  /** When a published block comes off the site (ISO), or null. */
  unpublishAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  /** Each of the site's other languages: whether this block's translation is missing, current or outdated (staff readings; absent on a site with one language). */
  translations?: Record<string, 'missing' | 'current' | 'outdated'>;
}

/** A published block as public callers see it (no staff-only fields). */
export interface PublicDocument {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  position: number;
  updatedAt: string;
  /** On a page in another language: the keys of `data` left in the default language (shared/translatable.ts) and that language's code; absent when none. */
  fallback?: { lang: string; keys: string[] };
  /** On a page in another language: the default language's code when none of the block is translated (it is shown as it is, marked up in its language). */
  lang?: string;
  /** On a page in another language: the address of the block's own page in that language (stories, events), when it is translated. */
  href?: string;
}

/** A block's title field, trimmed, or "Untitled": how lists, the trash and the audit log name a block. */
export function blockTitle(collection: Pick<CollectionDef, 'titleField'>, data: Record<string, unknown>): string {
  const t = data[collection.titleField];
  return typeof t === 'string' && t.trim() ? t.trim() : 'Untitled';
}

/**
 * How the audit log names a block: its title, except a block holding a person's data (a kind declared
 * `personal`, kinds.ts), named by what it is ("contact") and its id alone: the log is kept for years and
 * cannot be edited, and a person erased (supporters) must leave no name in it.
 */
export function auditTitle(collection: Pick<CollectionDef, 'titleField' | 'kind' | 'nouns'>, data: Record<string, unknown>): string {
  const kind: { personal?: true } = kinds[collection.kind];
  return kind.personal ? collection.nouns.one : blockTitle(collection, data);
}

/** A collection as GET /api/collections describes it. */
export function collectionJson(c: CollectionDef & { extraListPaths: string[] }) {
  return {
    name: c.name,
    label: c.label,
    group: c.group,
    description: c.description,
    kind: c.kind,
    listPath: c.listPath,
    listPaths: [c.listPath, ...c.extraListPaths],
    formPaths: c.formPaths,
    fields: c.fields,
    titleField: c.titleField,
    imageField: c.imageField,
    nouns: c.nouns,
    heading: c.heading,
    detailPath: c.detailPath,
    read: c.read,
    write: c.write,
    growing: c.growing,
  };
}

/** The registry as GET /api/collections returns it (the server adds the pages and the collections of sections editors added, from the data). */
export function registryJson() {
  return {
    collections: collections.map(collectionJson),
    settings: { fields: siteSettingsFields },
  };
}
