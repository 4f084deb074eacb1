/**
 * A page built from data, as an editor builds one: created through
 * `POST /api/site/pages` with the campaign preset (hero slide, text, stories,
 * call to action), each of its sections filled with a few published blocks
 * through the documents API, then published. `npm run bench` loads it beside
 * the home page; `npm run bench:render` renders it again after a change.
 * Pictures are the site's own (the home page's media), so nothing is uploaded.
 */
import { siteApi } from '../src/shared/site-structure.js';

/** A JSON call as a staff user; throws on an answer outside 2xx. */
export type StaffApi = <T>(method: 'GET' | 'POST' | 'PATCH', apiPath: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;

export interface DataPage {
  id: string;
  path: string;
  /** Published blocks in its sections. */
  blocks: number;
  /** Each section's collection, in the page's order. */
  collections: string[];
}

interface PageAnswer {
  id: string;
  path: string;
  version: number;
  state: string;
  sections: { id: string; kind: string; heading: string | null; collection: string }[];
}

export const dataPagePath = '/water-rights';

const paragraph =
  'Safe water within reach of every home is a right, not a favour. Our community monitors map every broken borehole and every dry tap, and bring what they find to the ward councils that can fix them.';

function richText(title: string): string {
  return [
    `<h2>${title}</h2>`,
    `<p>${paragraph} Read our <a href="/strategy">five-year strategy</a> or the <a href="https://example.org/water-report.pdf">water report</a>.</p>`,
    '<ul><li>Public hearings on water budgets</li><li>Score cards for every water point</li><li>Training for women water committees</li></ul>',
  ].join('');
}

/** Creates, fills and publishes the page; `images` are media ids of pictures the site already has. */
export async function buildDataPage(api: StaffApi, images: readonly string[]): Promise<DataPage> {
  if (images.length === 0) throw new Error('the site has no picture to put on the new page');
  const picture = (i: number, alt: string) => ({ mediaId: images[i % images.length]!, alt, decorative: false });
  const page = await api<PageAnswer>('POST', siteApi.pages, {
    path: dataPagePath,
    title: 'Water is a right',
    navLabel: 'Water rights',
    description: 'Our campaign for safe water in every ward: what we found, what changed, and how to join.',
    preset: 'campaign',
  });
  const kindsInOrder = page.sections.map((s) => s.kind).join(',');
  if (kindsInOrder !== 'slide,section,story,section') throw new Error(`the campaign preset changed: ${kindsInOrder}`);
  const [hero, text, stories, action] = page.sections as [PageAnswer['sections'][number], PageAnswer['sections'][number], PageAnswer['sections'][number], PageAnswer['sections'][number]];
  const post = (collection: string, data: Record<string, unknown>) => api('POST', `/api/collections/${collection}/documents`, { data, status: 'published' });
  let blocks = 0;
  await post(hero.collection, {
    title: 'Water is a right',
    caption: 'Twelve wards, 180 water points checked by the people who use them.',
    image: picture(0, 'Women carrying water past a dry borehole'),
    linkLabel: 'Join the campaign',
    linkUrl: '/events',
  });
  blocks++;
  await post(text.collection, { title: 'Why water, why now', subtitle: 'One in three water points in our districts is broken', body: richText('Why water, why now'), image: picture(1, 'A community meeting about water'), variant: 'image-right' });
  blocks++;
  const storyTitles = ['Kanyama ward gets its borehole back', 'Water committees elect twelve women chairs', 'The council publishes its water budget'];
  for (const [i, title] of storyTitles.entries()) {
    await post(stories.collection, { title, date: `2026-0${3 + i}-1${i}`, summary: `${title}. What the monitors found and what the council did next.`, body: richText(title), cover: picture(i + 2, `${title}: photograph`) });
    blocks++;
  }
  await post(action.collection, { title: 'Take action', subtitle: 'Check your water point', body: `<p>${paragraph}</p>`, linkLabel: 'Volunteer as a monitor', linkUrl: '/events', variant: 'highlight' });
  blocks++;
  const current = await api<PageAnswer>('GET', siteApi.page(page.id));
  const published = await api<PageAnswer>('POST', siteApi.pageStep(page.id, 'publish'), {}, { 'if-match': String(current.version) });
  if (published.state !== 'published') throw new Error(`the new page is ${published.state} after publishing`);
  return { id: page.id, path: published.path, blocks, collections: page.sections.map((s) => s.collection) };
}
