/**
 * What of a block can be translated, one rule for every kind of content:
 * the words. A block's text, long text and rich text fields and its
 * pictures' alt text; a page's title, menu label, description, address and
 * section headings; the navigation's labels and headings; the settings'
 * name, tagline and address. Numbers, dates, pictures, order and links are
 * shared by every language (one place, no drift).
 *
 * Each translatable value has a key (`title`, `image.alt`,
 * `sections.<id>.heading`, `header.2.children.0.label`); a translation is a
 * map of keys to text. `applyTranslation` lays one over the original and
 * says which keys fell back to the original's language.
 */
import type { FieldDef } from './fields.js';
import { kinds, type BlockKind } from './kinds.js';
import { formLimits } from './forms.js';

const isSectionKind = (k: unknown): k is BlockKind => typeof k === 'string' && k in kinds && kinds[k as BlockKind].block;

export type SlotType = 'text' | 'longText' | 'richText' | 'path';

/** One translatable value of a block. */
export interface Slot {
  key: string;
  /** The staff form's label for it. */
  label: string;
  type: SlotType;
  max: number;
  /** The original's text (never empty: an empty original has nothing to translate). */
  value: string;
}

/** Which words a kind of content has: fields of a block kind, or a structure's own shape. */
export type TranslatableShape = { kind: 'fields'; fields: readonly FieldDef[] } | { kind: 'page' } | { kind: 'navigation' } | { kind: 'settings'; fields: readonly FieldDef[] };

type Data = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const record = (v: unknown): Data | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : null);
const array = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function fieldSlots(fields: readonly FieldDef[], data: Data): Slot[] {
  const out: Slot[] = [];
  for (const f of fields) {
    if (f.type === 'text' || f.type === 'longText' || f.type === 'richText') {
      const value = text(data[f.name]);
      if (value.trim()) out.push({ key: f.name, label: f.label, type: f.type, max: f.max ?? (f.type === 'richText' ? 100_000 : f.type === 'text' ? 200 : 2000), value });
    } else if (f.type === 'image') {
      const alt = text(record(data[f.name])?.alt);
      if (alt.trim()) out.push({ key: `${f.name}.alt`, label: `${f.label}: alt text`, type: 'text', max: 300, value: alt });
    } else if (f.type === 'formFields') {
      out.push(...formFieldSlots(f.name, data[f.name]));
    }
  }
  return out;
}

/**
 * A form's questions: each one's label, help and option labels, keyed by the
 * question's id and the option's value (`fields.<id>.label`,
 * `fields.<id>.options.<value>.label`), so reordering questions keeps their words.
 */
function formFieldSlots(name: string, value: unknown): Slot[] {
  const out: Slot[] = [];
  for (const q of array(value)) {
    const field = record(q);
    if (!field) continue;
    const id = text(field.id);
    const label = text(field.label);
    if (label.trim()) out.push({ key: `${name}.${id}.label`, label: `Question “${label}”`, type: 'text', max: formLimits.label, value: label });
    const help = text(field.help);
    if (help.trim()) out.push({ key: `${name}.${id}.help`, label: `Question “${label}”: help`, type: 'text', max: formLimits.help, value: help });
    for (const o of array(field.options)) {
      const option = record(o);
      const optionLabel = text(option?.label);
      if (optionLabel.trim()) out.push({ key: `${name}.${id}.options.${text(option?.value)}.label`, label: `Question “${label}”: choice “${optionLabel}”`, type: 'text', max: formLimits.optionLabel, value: optionLabel });
    }
  }
  return out;
}

function pageSlots(data: Data): Slot[] {
  const out: Slot[] = [];
  const add = (key: string, label: string, type: SlotType, max: number, value: string) => {
    if (value.trim()) out.push({ key, label, type, max, value });
  };
  add('title', 'Title', 'text', 120, text(data.title));
  add('navLabel', 'Label in menus', 'text', 40, text(data.navLabel));
  add('description', 'Description for search engines', 'longText', 300, text(data.description));
  add('path', 'Address', 'path', 200, text(data.path));
  add('socialImage.alt', 'Social picture: alt text', 'text', 300, text(record(data.socialImage)?.alt));
  for (const s of array(data.sections)) {
    const section = record(s);
    // A section without a heading of its own shows its kind's: that is the text to translate.
    const heading = section ? text(section.heading) || (isSectionKind(section.kind) ? (kinds[section.kind].heading ?? '') : '') : '';
    if (section) add(`sections.${text(section.id)}.heading`, `Heading of the section “${heading}”`, 'text', 120, heading);
  }
  return out;
}

function navigationSlots(data: Data): Slot[] {
  const out: Slot[] = [];
  const add = (key: string, label: string, value: string) => {
    if (value.trim()) out.push({ key, label, type: 'text', max: 40, value });
  };
  array(data.header).forEach((item, i) => {
    const it = record(item);
    if (!it) return;
    add(`header.${i}.label`, `Top bar: ${text(it.label)}`, text(it.label));
    array(it.children).forEach((c, j) => add(`header.${i}.children.${j}.label`, `Top bar: ${text(it.label)} › ${text(record(c)?.label)}`, text(record(c)?.label)));
  });
  array(data.footer).forEach((list, i) => {
    const l = record(list);
    if (!l) return;
    add(`footer.${i}.heading`, `Footer: ${text(l.heading)}`, text(l.heading));
    array(l.links).forEach((link, j) => add(`footer.${i}.links.${j}.label`, `Footer: ${text(l.heading)} › ${text(record(link)?.label)}`, text(record(link)?.label)));
  });
  return out;
}

/** The settings' words: the organisation's name, its tagline and address (contact details and links are shared). */
const settingsWords = new Set(['organisationName', 'tagline', 'address']);

/** The translatable values of an original, in the order a form shows them. */
export function slotsOf(shape: TranslatableShape, data: Data): Slot[] {
  switch (shape.kind) {
    case 'fields':
      return fieldSlots(shape.fields, data);
    case 'settings':
      return fieldSlots(
        shape.fields.filter((f) => settingsWords.has(f.name)),
        data,
      );
    case 'page':
      return pageSlots(data);
    case 'navigation':
      return navigationSlots(data);
  }
}

/** The original's words as a map (what a translation was made from: compared to tell an outdated one). */
export function sourceOf(shape: TranslatableShape, data: Data): Record<string, string> {
  return Object.fromEntries(slotsOf(shape, data).map((s) => [s.key, s.value]));
}

/** Sets one key's text in a copy-on-write walk of the data. */
function withKey(data: Data, key: string, value: string): Data {
  const parts = key.split('.');
  const set = (node: unknown, i: number): unknown => {
    const part = parts[i]!;
    if (i === parts.length - 1) {
      const r = record(node);
      return r ? { ...r, [part]: value } : node;
    }
    if (Array.isArray(node)) {
      // Sections and a form's questions are found by id (`sections.<id>.heading`), a question's options by value; menu items by place.
      const index = /^\d+$/.test(part) ? Number(part) : node.findIndex((n) => record(n)?.id === part || record(n)?.value === part);
      if (index < 0 || index >= node.length) return node;
      const copy = [...node];
      copy[index] = set(node[index], i + 1);
      return copy;
    }
    const r = record(node);
    if (!r || !(part in r)) return node;
    return { ...r, [part]: set(r[part], i + 1) };
  };
  return set(data, 0) as Data;
}

/**
 * The original with a translation laid over it. Keys the translation leaves
 * out (or empty) keep the original's words and are listed in `fallback`, so
 * the page can mark them up in the original's language.
 */
export function applyTranslation(shape: TranslatableShape, original: Data, translation: Readonly<Record<string, string>> | null): { data: Data; fallback: string[] } {
  const slots = slotsOf(shape, original);
  let data = original;
  const fallback: string[] = [];
  for (const slot of slots) {
    const translated = translation?.[slot.key];
    if (translated && translated.trim()) data = withKey(data, slot.key, translated);
    else fallback.push(slot.key);
  }
  return { data, fallback };
}

/** The keys whose original text changed between the source a translation was made from and the original now. */
export function changedSince(source: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  const keys = new Set([...Object.keys(source), ...Object.keys(now)]);
  return [...keys].filter((k) => source[k] !== now[k]);
}
