/**
 * Makes sure the benchmark's home page looks like a real one: the demo seed
 * (SEED_DEMO=true) normally fills it; if it left the home page empty, this
 * creates 5 slides, 4 rich-text sections and 6 stories through the API.
 */
import sharp from 'sharp';
import type { BenchContext } from './harness.js';

interface Bundle {
  sections: Record<string, unknown[]>;
  media: Record<string, unknown>;
}

async function makeJpeg(seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,25%)"/>
    </linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <circle cx="${400 + seed * 150}" cy="450" r="260" fill="rgba(255,255,255,0.18)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Uploads an image through the media API; a failed upload stops the benchmark. */
async function imageId(ctx: BenchContext, seed: number): Promise<string> {
  const info = await ctx.upload<{ id: string }>(await makeJpeg(seed), `bench-${seed}.jpg`, 'image/jpeg');
  return info.id;
}

const slides = [
  ['Citizens at the heart of governance', 'Town-hall dialogues in twelve districts brought 4,000 residents face to face with their councils.'],
  ['Women leading change', 'Our mentoring circle has supported 230 women to stand for local office since 2019.'],
  ['Follow the money', 'Community budget monitors track every shilling of the water and health budgets.'],
  ['Young leaders, real influence', 'The youth leadership academy trains 120 young people every year.'],
  ['Rights that reach every home', 'Clean water, decent work and schooling are rights, not favours.'],
] as const;

const sections = [
  ['Who we are', 'An alliance of citizens, women and young leaders', 'image-right'],
  ['What we do', 'From community dialogues to national policy', 'image-left'],
  ['Where we work', 'Twelve districts, three regions, one network', 'text'],
  ['Join us', 'Volunteer, partner or support our work', 'highlight'],
] as const;

function richText(topic: string): string {
  return [
    `<h2>${topic}</h2>`,
    `<p>Since our founding by a small circle of community activists, we have grown into a national alliance of <strong>forty-two member organisations</strong>. We believe that accountable institutions are built from the ground up, by citizens who know their rights and use them.</p>`,
    `<p>Our teams run <em>community score cards</em>, public hearings and budget clinics, and we publish what we learn so that councils, ministries and donors can act on it. Read our <a href="/strategy">five-year strategy</a> or our <a href="https://example.org/report-2025.pdf" target="_blank" rel="noopener noreferrer">latest annual report</a>.</p>`,
    `<ul><li>Gender and women leadership</li><li>Democratic good governance</li><li>Social accountability</li><li>Youth leadership</li></ul>`,
    `<blockquote>“When citizens ask the right questions, services improve.” — a community monitor in the eastern region</blockquote>`,
  ].join('');
}

const stories = [
  'Budget hearing secures a new borehole for Kanyama ward',
  'Forty young leaders graduate from the 2026 academy',
  'Women councillors form a cross-party caucus',
  'Score cards put clinic waiting times on the council agenda',
  'Partners meet to plan the next strategy period',
  'Radio call-in show reaches 200,000 listeners',
] as const;

export async function ensureRealisticHome(ctx: BenchContext): Promise<string> {
  const res = await fetch(`${ctx.url}/api/pages/home`);
  if (res.ok) {
    const bundle = (await res.json()) as Bundle;
    const count = Object.values(bundle.sections).reduce((n, list) => n + list.length, 0);
    if (count >= 10) return `demo seed (${count} published blocks, ${Object.keys(bundle.media).length} media)`;
  }
  const images: string[] = [];
  for (let i = 0; i < 5; i++) images.push(await imageId(ctx, i));
  const post = (collection: string, data: Record<string, unknown>) =>
    ctx.api('POST', `/api/collections/${collection}/documents`, { data, status: 'published' });
  for (const [i, [title, caption]] of slides.entries()) {
    await post('home', { title, caption, image: { mediaId: images[i], alt: `${title}: photograph`, decorative: false }, linkLabel: 'Learn more', linkUrl: '/about' });
  }
  for (const [i, [title, subtitle, variant]] of sections.entries()) {
    await post('descriptionhome', {
      title,
      subtitle,
      body: richText(title),
      image: { mediaId: images[i % images.length], alt: `${title}: illustration`, decorative: false },
      linkLabel: 'Read more',
      linkUrl: '/about',
      variant,
    });
  }
  for (const [i, title] of stories.entries()) {
    await post('newstory', {
      title,
      date: `2026-0${1 + (i % 9)}-1${i}`,
      summary: `${title}. A short account of what happened, who took part and what changes next for the community.`,
      body: richText(title),
      cover: { mediaId: images[(i + 2) % images.length], alt: `${title}: photograph`, decorative: false },
    });
  }
  return 'created by the benchmark: 5 slides, 4 sections with rich text, 6 stories';
}
