/**
 * The demo site's pictures and PDFs: drawn as SVG compositions, rendered by
 * sharp and ingested through the same pipeline as staff uploads, so they have
 * variants like any upload.
 */
import sharp from 'sharp';
import { ingestMedia } from '../media/ingest.js';
import type { MediaStore } from '../media/store.js';
import type { Services } from '../services.js';
import { coverSvg, heroSvg, logoSvg, palettes, portraitSvg, siteLogoSvg, type PortraitStyle, type Scene } from './compositions.js';
import { demoPublications, type DemoMedia, type FileRef, type HeroName, type ImageRef, type PublicationName } from './content/index.js';
import { reportPdf } from './pdf.js';

type SeedServices = Pick<Services, 'config' | 'db' | 'changes'>;
type Progress = (line: string) => void;

const heroes: Record<HeroName, { scene: Scene; palette: keyof typeof palettes; alt: string }> = {
  assembly: { scene: 'assembly', palette: 'dawn', alt: 'Residents gathered in the open air around a speaker on a small stage' },
  townhall: { scene: 'townhall', palette: 'civic', alt: 'People gathered outside a district council building' },
  classroom: { scene: 'classroom', palette: 'teal', alt: 'Young people raising their hands during a training session' },
  market: { scene: 'market', palette: 'harvest', alt: 'Traders and shoppers at a busy village market' },
  march: { scene: 'march', palette: 'violet', alt: 'Women marching together with placards' },
  landscape: { scene: 'landscape', palette: 'dusk', alt: 'Homesteads and acacia trees on the hills at dusk' },
  assembly2: { scene: 'assembly', palette: 'coral', alt: 'A large crowd listening to a woman speaker' },
  classroom2: { scene: 'classroom', palette: 'civic', alt: 'Participants at a budget literacy workshop' },
  landscape2: { scene: 'landscape', palette: 'harvest', alt: 'Village homes among fields at sunrise' },
  march2: { scene: 'march', palette: 'teal', alt: 'Young people marching with banners' },
  townhall2: { scene: 'townhall', palette: 'dusk', alt: 'A council building at dusk with residents in front' },
  market2: { scene: 'market', palette: 'coral', alt: 'A village market with traders under coloured awnings' },
};

const partnerLogos: Record<string, { mark: Parameters<typeof logoSvg>[1]; colour: string; accent: string }> = {
  'Nordlys Foundation for Democracy': { mark: 'star', colour: '#1d4ed8', accent: '#f59e0b' },
  'Amani Women’s Fund': { mark: 'drop', colour: '#be185d', accent: '#fde68a' },
  'Open Budget Collective': { mark: 'hexagon', colour: '#047857', accent: '#fbbf24' },
  'Mwanga Community Radio': { mark: 'wave', colour: '#c2410c', accent: '#fff7ed' },
  'Fairshare Trust': { mark: 'circle', colour: '#0f766e', accent: '#99f6e4' },
  'Association of Women Councillors': { mark: 'triangle', colour: '#7c3aed', accent: '#f0abfc' },
  'Lakeside Legal Aid Centre': { mark: 'wave', colour: '#1e3a8a', accent: '#bfdbfe' },
  'Kisima Water Users Association': { mark: 'drop', colour: '#0369a1', accent: '#e0f2fe' },
  'Civic Tech Hub Bahari': { mark: 'hexagon', colour: '#111827', accent: '#22d3ee' },
  'Marangu Farmers’ Cooperative': { mark: 'leaf', colour: '#4d7c0f', accent: '#fef08a' },
  'Youth Voices Network': { mark: 'star', colour: '#e11d48', accent: '#fde68a' },
};

const publicationPalettes: Record<PublicationName, keyof typeof palettes> = { scorecard: 'teal', budget: 'civic', annual: 'coral' };
/** Portrait looks, by the index the content uses (matched loosely to the fictional people). */
const portraitLooks: { style: PortraitStyle; earrings: boolean }[] = [
  { style: 'headwrap', earrings: true },
  { style: 'long', earrings: false },
  { style: 'short', earrings: false },
  { style: 'bun', earrings: true },
  { style: 'headwrap', earrings: false },
  { style: 'short', earrings: false },
  { style: 'short', earrings: false },
  { style: 'bun', earrings: false },
  { style: 'short', earrings: false },
  { style: 'long', earrings: true },
];
const portraitCount = portraitLooks.length;

interface Picture {
  key: string;
  svg: () => string;
  format: 'jpeg' | 'png';
  name: string;
}

export function pictures(): Picture[] {
  const list: Picture[] = [];
  for (const [name, h] of Object.entries(heroes)) {
    list.push({ key: `hero:${name}`, svg: () => heroSvg(h.scene, palettes[h.palette] ?? palettes.dawn!, name.length * 101 + name.charCodeAt(0)), format: 'jpeg', name: `hero-${name}.jpg` });
  }
  portraitLooks.forEach((look, i) => list.push({ key: `portrait:${i + 1}`, svg: () => portraitSvg(i + 1, look), format: 'jpeg', name: `portrait-${i + 1}.jpg` }));
  for (const [name, l] of Object.entries(partnerLogos)) list.push({ key: `logo:${name}`, svg: () => logoSvg(name, l.mark, l.colour, l.accent), format: 'png', name: `logo-${name}.png` });
  for (const [name, pub] of Object.entries(demoPublications)) {
    const pal = palettes[publicationPalettes[name as PublicationName]] ?? palettes.teal!;
    list.push({ key: `cover:${name}`, svg: () => coverSvg(pub.title, pub.year, pal, name.length * 13), format: 'jpeg', name: `cover-${name}.jpg` });
  }
  list.push({ key: 'site-logo', svg: () => siteLogoSvg(), format: 'png', name: 'tujenge-logo.png' });
  return list;
}

/** Runs `fn` over `items` with at most `limit` at once (the machine may have two cores). */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Draws every picture and ingests it with the PDFs; returns media ids by key. */
export async function seedMedia(services: SeedServices, store: MediaStore, progress: Progress): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const all = pictures();
  progress(`seed: drawing ${all.length} pictures and writing ${Object.keys(demoPublications).length} PDF reports…`);
  let done = 0;
  await pool(all, 2, async (pic) => {
    const rendered = sharp(Buffer.from(pic.svg()));
    const bytes = pic.format === 'jpeg' ? await rendered.jpeg({ quality: 92 }).toBuffer() : await rendered.png().toBuffer();
    const { info } = await ingestMedia(services, store, { bytes, originalName: pic.name });
    ids.set(pic.key, info.id);
    done += 1;
    if (done % 10 === 0) progress(`seed: ${done}/${all.length} pictures`);
  });
  for (const [name, pub] of Object.entries(demoPublications)) {
    const pdf = reportPdf(pub.title, `Tujenge Civic Alliance · ${pub.year}`, pub.sections);
    const { info } = await ingestMedia(services, store, { bytes: pdf, originalName: pub.file });
    ids.set(`pdf:${name}`, info.id);
  }
  return ids;
}

export function mediaLookup(ids: Map<string, string>): DemoMedia {
  const id = (key: string): string => {
    const value = ids.get(key);
    if (!value) throw new Error(`seed: no picture ${key}`);
    return value;
  };
  return {
    hero: (name: HeroName, alt?: string): ImageRef => ({ mediaId: id(`hero:${name}`), alt: alt ?? heroes[name].alt, decorative: false }),
    portrait: (index: number, alt: string): ImageRef => ({ mediaId: id(`portrait:${((index - 1) % portraitCount) + 1}`), alt, decorative: false }),
    logo: (name: string): ImageRef => ({ mediaId: id(`logo:${name}`), alt: `${name} logo`, decorative: false }),
    cover: (name: PublicationName): ImageRef => ({ mediaId: id(`cover:${name}`), alt: `Cover of “${demoPublications[name].title}”`, decorative: false }),
    pdf: (name: PublicationName): FileRef => ({ mediaId: id(`pdf:${name}`), name: demoPublications[name].file }),
  };
}
