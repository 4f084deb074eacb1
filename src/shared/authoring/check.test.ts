/** Every authoring rule with an example that passes and one that fails, on the same code the form and the server run. */
import { describe, expect, it } from 'vitest';
import { getCollection } from '../collections.js';
import { kinds, type CollectionKind } from '../kinds.js';
import { siteSettingsFields } from '../settings.js';
import { authoringRuleNames, paragraphWordLimit, type AuthoringRule } from '../site-check.js';
import { checkData, errorsOf, mediaIdsIn, settingsTarget, type CheckTarget, type MediaFacts } from './check.js';
import { richTextHeadingStart } from './heading-levels.js';

const media = new Map<string, MediaFacts>([
  ['pic', { alt: '', name: 'IMG_2041.jpg', kind: 'image' }],
  ['described', { alt: 'Women councillors at the budget hearing', name: 'hearing.jpg', kind: 'image' }],
  ['named', { alt: 'hearing-day', name: 'hearing-day.png', kind: 'image' }],
  ['report', { alt: '', name: 'annual-report.pdf', kind: 'pdf' }],
]);
const lookup = (id: string) => media.get(id);

function target(collection: string): CheckTarget {
  const c = getCollection(collection);
  if (!c) throw new Error(`no collection ${collection}`);
  return { collection: c.name, id: 'b1', kind: c.kind, page: null, fields: c.fields };
}

/** The rules that fire on a section with this data. */
function rulesOf(data: Record<string, unknown>, collection: string): AuthoringRule[] {
  return checkData(target(collection), data, lookup).map((f) => f.rule);
}

const sectionCollection = 'descriptionhome';

describe('image-alt-missing', () => {
  it('passes with own alt, a default alt from the library, or a decorative picture', () => {
    expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt: 'Market traders in Kisumu', decorative: false } }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', image: { mediaId: 'described', alt: '', decorative: false } }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt: '', decorative: true } }, sectionCollection)).toEqual([]);
  });
  it('fails when neither the use nor the library has alt text, naming image.alt', () => {
    const findings = checkData(target(sectionCollection), { title: 'A', image: { mediaId: 'pic', alt: '', decorative: false } }, lookup);
    expect(findings).toMatchObject([{ rule: 'image-alt-missing', severity: 'error', field: 'image.alt', id: 'b1' }]);
    expect(findings[0]?.message).toMatch(/no alt text/);
    expect(errorsOf(findings)).toHaveLength(1);
  });
});

describe('alt-file-name', () => {
  it('passes with words', () => {
    expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt: 'Youth leaders planting trees', decorative: false } }, sectionCollection)).toEqual([]);
  });
  it('fails on an extension, a camera name, or the uploaded file’s own name (also as the default alt)', () => {
    for (const alt of ['team.jpg', 'IMG_1234', 'DSC_0042 copy', 'img_2041']) {
      expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt, decorative: false } }, sectionCollection)).toEqual(['alt-file-name']);
    }
    expect(rulesOf({ title: 'A', image: { mediaId: 'named', alt: '', decorative: false } }, sectionCollection)).toEqual(['alt-file-name']);
  });
});

describe('alt-redundant', () => {
  it('passes when the alt says what the picture shows', () => {
    expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt: 'Imagine a council that listens: our poster', decorative: false } }, sectionCollection)).toEqual([]);
  });
  it('fails on “image of”, “picture of”, “photo of”', () => {
    for (const alt of ['Image of a meeting', 'picture of our team', 'A photo of the march', 'Graphic of the budget']) {
      expect(rulesOf({ title: 'A', image: { mediaId: 'pic', alt, decorative: false } }, sectionCollection)).toEqual(['alt-redundant']);
    }
  });
});

describe('heading-skip and heading-too-high', () => {
  it('passes when a section’s text starts at h3 and goes one level at a time; a story’s at h2', () => {
    expect(rulesOf({ title: 'A', body: '<h3>Why</h3><p>x</p><h4>How</h4><h3>Next</h3>' }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', date: '2026-01-01', body: '<h2>Why</h2><h3>How</h3>' }, 'newstory')).toEqual([]);
  });
  it('fails on h2 → h4 inside a story, and on a section starting at h2 (its block title is the h2)', () => {
    const skip = checkData(target('newstory'), { title: 'A', date: '2026-01-01', body: '<h2>Why</h2><h4>How</h4>' }, lookup);
    expect(skip).toMatchObject([{ rule: 'heading-skip', field: 'body', severity: 'warning' }]);
    expect(skip[0]?.message).toMatch(/level 2 to level 4/);
    expect(rulesOf({ title: 'A', body: '<h2>Why</h2><p>x</p>' }, sectionCollection)).toEqual(['heading-too-high']);
    // Starting below the allowed level skips from the block's title.
    expect(rulesOf({ title: 'A', body: '<h4>Why</h4>' }, sectionCollection)).toEqual(['heading-skip']);
  });
  it('declares where every rich text of every kind sits', () => {
    for (const [kind, def] of Object.entries(kinds)) {
      for (const f of def.fields as readonly { name: string; type: string }[]) {
        if (f.type === 'richText') expect(richTextHeadingStart[kind as CollectionKind]?.[f.name], `${kind}.${f.name}`).toBeDefined();
      }
    }
  });
});

describe('link-empty', () => {
  it('passes with text, or a picture with alt inside', () => {
    expect(rulesOf({ title: 'A', body: '<p><a href="/about">About our work</a></p>' }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', body: '<p><a href="/about"><img alt="About our work"></a></p>' }, sectionCollection)).toEqual([]);
  });
  it('fails on a link with no words', () => {
    const findings = checkData(target(sectionCollection), { title: 'A', body: '<p>See <a href="/about"> </a></p>' }, lookup);
    expect(findings).toMatchObject([{ rule: 'link-empty', severity: 'error', field: 'body' }]);
  });
});

describe('link-vague', () => {
  it('passes when the words name the destination', () => {
    expect(rulesOf({ title: 'A', body: '<p><a href="/events">Upcoming trainings and dialogues</a></p>' }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', linkLabel: 'Meet our partners', linkUrl: '/partner' }, sectionCollection)).toEqual([]);
  });
  it('fails on “click here”, “read more”, “here”, a bare address, and a label left empty (it reads “Read more”)', () => {
    for (const text of ['click here', 'Read more…', 'here', 'Learn more', 'https://example.org/report']) {
      expect(rulesOf({ title: 'A', body: `<p>For the plan <a href="/strategy">${text}</a>.</p>` }, sectionCollection)).toEqual(['link-vague']);
    }
    expect(checkData(target(sectionCollection), { title: 'A', linkLabel: 'Click here', linkUrl: '/partner' }, lookup)).toMatchObject([{ rule: 'link-vague', field: 'linkLabel' }]);
    expect(rulesOf({ title: 'A', linkUrl: '/partner' }, sectionCollection)).toEqual(['link-vague']);
  });
});

describe('text-capitals', () => {
  it('passes on short acronyms and normal case', () => {
    expect(rulesOf({ title: 'UN and NGO staff meet the MP', subtitle: 'COVID-19 recovery in the EU' }, sectionCollection)).toEqual([]);
  });
  it('fails on four or more words in capitals, in a field or rich text', () => {
    expect(rulesOf({ title: 'JOIN US FOR THE MARCH' }, sectionCollection)).toEqual(['text-capitals']);
    expect(rulesOf({ title: 'A', body: '<p>Please note: ALL OFFICES ARE CLOSED today.</p>' }, sectionCollection)).toEqual(['text-capitals']);
  });
});

describe('paragraph-long', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  it(`passes at ${paragraphWordLimit} words`, () => {
    expect(rulesOf({ title: 'A', body: `<p>${words(paragraphWordLimit)}</p>` }, sectionCollection)).toEqual([]);
  });
  it('fails above it, in rich text and in a long text field', () => {
    expect(rulesOf({ title: 'A', body: `<p>${words(paragraphWordLimit + 1)}</p>` }, sectionCollection)).toEqual(['paragraph-long']);
    expect(rulesOf({ name: 'A', bio: words(paragraphWordLimit + 20) }, 'aboutleader')).toEqual(['paragraph-long']);
  });
});

describe('link-pdf-unlabelled', () => {
  it('passes when the text says PDF', () => {
    expect(rulesOf({ title: 'A', body: '<p><a href="/files/plan.pdf">Strategy 2026 (PDF, 2 MB)</a></p>' }, sectionCollection)).toEqual([]);
    expect(rulesOf({ title: 'A', body: '<p><a href="/media/report/original">Annual report 2025 (PDF)</a></p>' }, sectionCollection)).toEqual([]);
  });
  it('fails on a .pdf address or a PDF in the media library whose text does not say so', () => {
    expect(rulesOf({ title: 'A', body: '<p><a href="https://example.org/plan.pdf?v=2">Strategy 2026</a></p>' }, sectionCollection)).toEqual(['link-pdf-unlabelled']);
    expect(rulesOf({ title: 'A', body: '<p><a href="/media/report/original">Annual report 2025</a></p>' }, sectionCollection)).toEqual(['link-pdf-unlabelled']);
    expect(rulesOf({ title: 'A', linkLabel: 'Annual report 2025', linkUrl: '/media/report/original' }, sectionCollection)).toEqual(['link-pdf-unlabelled']);
  });
});

describe('the settings and the media a block names', () => {
  it('checks the logo of the settings', () => {
    const findings = checkData(settingsTarget(siteSettingsFields), { organisationName: 'X', contactEmail: 'a@b.c', logo: { mediaId: 'pic', alt: '', decorative: false } }, lookup);
    expect(findings).toMatchObject([{ collection: 'settings', id: 'settings', page: null, field: 'logo.alt', rule: 'image-alt-missing' }]);
  });
  it('lists pictures, and files linked from text, once each', () => {
    const c = target(sectionCollection);
    expect(mediaIdsIn(c.fields, { image: { mediaId: 'pic', alt: '' }, body: '<a href="/media/report/original">r</a><a href="/media/report/original">s</a>', linkUrl: '/media/x1/original' }).sort()).toEqual(['pic', 'report', 'x1']);
  });
  it('covers every rule', () => {
    // The ten rules of the form, plus links to pages visitors cannot see (the site check's, on the server: test/site-structure.test.ts).
    expect(authoringRuleNames).toHaveLength(11);
  });
});
