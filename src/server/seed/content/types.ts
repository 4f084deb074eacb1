/**
 * The shapes the demo content is written in. Block data is typed from each
 * kind's declared fields, so content that does not fit its collection is a
 * type error.
 */
import type { CollectionKind, KindData } from '../../../shared/kinds.js';
import type { CollectionName, declarations } from '../../../shared/registry-index.js';

export interface ImageRef {
  mediaId: string;
  alt: string;
  decorative: boolean;
}

export interface FileRef {
  mediaId: string;
  name: string;
}

export type HeroName =
  | 'assembly'
  | 'townhall'
  | 'classroom'
  | 'market'
  | 'march'
  | 'landscape'
  | 'assembly2'
  | 'classroom2'
  | 'landscape2'
  | 'march2'
  | 'townhall2'
  | 'market2';

export type CategorySlug = 'gender' | 'governance' | 'accountability' | 'socio' | 'youth' | 'research';

/** What the content needs from the seeded media library. */
export interface DemoMedia {
  hero(name: HeroName, alt?: string): ImageRef;
  portrait(index: number, alt: string): ImageRef;
  logo(name: string): ImageRef;
  cover(name: PublicationName): ImageRef;
  pdf(name: PublicationName): FileRef;
}

export type PublicationName = 'scorecard' | 'budget' | 'annual';



type Declared = (typeof declarations)[number];
/** The kind a collection is declared with. */
export type KindOf<C extends CollectionName> = Extract<Declared, { name: C }>['kind'];
/** The collections declared with kind K. */
export type CollectionsOf<K extends CollectionKind> = Extract<Declared, { kind: K }>['name'];

export type BlockStatus = 'published' | 'draft';

/** One demo block of a collection, its data typed from the collection's kind. */
export interface SeedBlock<K extends CollectionKind = CollectionKind> {
  /** Set when other blocks refer to this one (categories). */
  id?: string;
  status: BlockStatus;
  data: KindData<K, ImageRef, FileRef>;
}

/** A block ready to be stored, in the order it is added. */
export interface DemoBlock {
  id?: string;
  collection: CollectionName;
  status: BlockStatus;
  data: Record<string, unknown>;
}
