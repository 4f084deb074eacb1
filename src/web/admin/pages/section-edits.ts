/**
 * The page editor's list of sections as plain data, and every edit of it as a
 * pure function: move, add (a new section has no collection: the server makes
 * one when the page is saved), remove, change a heading or an option. Each
 * row has a key of its own, so React and the drag-and-drop keep track of new
 * sections that have no id yet.
 */
import { sectionLimitMax, sectionOptionsByKind, type PageSection, type SectionOptions } from '../../../shared/page-sections.js';
import type { SectionPatch } from './site-pages.js';

export type SectionKind = PageSection['kind'];

export interface SectionRow {
  /** The row's key: the section's id, or `new-<n>` for one not saved yet. */
  key: string;
  kind: SectionKind;
  /** The heading as typed; empty means the kind's default (or none). */
  heading: string;
  options: SectionOptions;
  /** null until the page is saved with it. */
  collection: string | null;
  id: string | null;
}

export function rowsOf(sections: readonly PageSection[]): SectionRow[] {
  return sections.map((s) => ({ key: s.id, kind: s.kind, heading: s.heading ?? '', options: { ...s.options }, collection: s.collection, id: s.id }));
}

/** Moves the row at `from` to `to` (indexes outside the list change nothing). */
export function moveRow(rows: readonly SectionRow[], from: number, to: number): SectionRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** A new section of a kind at the end, with the options its kind starts with. */
export function addRow(rows: readonly SectionRow[], kind: SectionKind): SectionRow[] {
  let n = rows.length + 1;
  while (rows.some((r) => r.key === `new-${n}`)) n += 1;
  return [...rows, { key: `new-${n}`, kind, heading: '', options: {}, collection: null, id: null }];
}

export function removeRow(rows: readonly SectionRow[], key: string): SectionRow[] {
  return rows.filter((r) => r.key !== key);
}

export function setHeading(rows: readonly SectionRow[], key: string, heading: string): SectionRow[] {
  return rows.map((r) => (r.key === key ? { ...r, heading } : r));
}

/** Sets one option the row's kind allows; `undefined` clears it. Options the kind does not have are ignored. */
export function setOption<K extends keyof SectionOptions>(rows: readonly SectionRow[], key: string, option: K, value: SectionOptions[K] | undefined): SectionRow[] {
  return rows.map((r) => {
    if (r.key !== key || !(sectionOptionsByKind[r.kind] as readonly string[]).includes(option)) return r;
    const options = { ...r.options };
    if (value === undefined) delete options[option];
    else options[option] = value;
    return { ...r, options };
  });
}

/** "How many" as typed: a whole number from 1 to the limit, else no limit. */
export function limitOf(text: string | number): number | undefined {
  const n = typeof text === 'number' ? text : Number(text);
  return Number.isInteger(n) && n >= 1 && n <= sectionLimitMax ? n : undefined;
}

/** The sections as the API takes them: a new one without `id` and `collection`, an empty heading as none. */
export function sectionsPatch(rows: readonly SectionRow[]): SectionPatch[] {
  return rows.map((r) => {
    const heading = r.heading.trim() === '' ? null : r.heading.trim();
    const base = { kind: r.kind, heading, options: { ...r.options } };
    return r.collection && r.id ? { ...base, id: r.id, collection: r.collection } : base;
  });
}

/** Whether the rows differ from the saved sections (order, headings, options, added or removed). */
export function rowsChanged(rows: readonly SectionRow[], saved: readonly PageSection[]): boolean {
  return JSON.stringify(sectionsPatch(rows)) !== JSON.stringify(sectionsPatch(rowsOf(saved)));
}

/** A section's kind in words, as the page editor and the Pages overview name it. */
const kindWords: Record<SectionKind, string> = {
  slide: 'Slides',
  section: 'Text',
  card: 'Cards',
  picture: 'Pictures',
  person: 'People',
  partner: 'Partners',
  story: 'Stories',
  event: 'Events',
  form: 'Form',
};

export function kindLabel(kind: SectionKind): string {
  return kindWords[kind];
}

/** How a row is named to screen readers and in dialogs: its heading, else its kind. */
export function rowName(row: Pick<SectionRow, 'heading' | 'kind'>): string {
  const heading = row.heading.trim();
  return heading ? `“${heading}”` : `${kindLabel(row.kind)} (no heading)`;
}
