import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { sanitizeRichText } from '../src/server/content/sanitize.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';

const hostileBody = [
  '<p style="color:red" onclick="steal()">Hello <strong>friends</strong></p>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt&colon;alert(2)">y</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<a href="https://example.org" target="_blank">partner</a>',
  '<a href="mailto:info@example.org">mail us</a>',
  '<h2 class="x" id="y">Heading</h2>',
].join('');

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script|<img|<iframe|<style|onerror|onclick|javascript:|style=|class=|alert\(1\)/i);
}

describe('rich-text sanitiser', () => {
  it('keeps the editor’s markup and drops everything executable', () => {
    const out = sanitizeRichText(hostileBody);
    expectClean(out);
    expect(out).toContain('<p>Hello <strong>friends</strong></p>');
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">partner</a>');
    expect(out).toContain('<a href="mailto:info@example.org">mail us</a>');
    expect(out).toContain('<h2>Heading</h2>');
    // A javascript: link keeps its text but loses its target.
    expect(out).toContain('<a>x</a>');
  });

  it('allows only http, https and mailto links and forces rel on new-tab links', () => {
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe('<a>d</a>');
    expect(sanitizeRichText('<a href="vbscript:msgbox(1)">v</a>')).toBe('<a>v</a>');
    expect(sanitizeRichText('<a href="//evil.example/x">p</a>')).toBe('<a>p</a>');
    expect(sanitizeRichText('<a href="/about" target="_blank" rel="opener">a</a>')).toBe('<a href="/about" target="_blank" rel="noopener noreferrer">a</a>');
    expect(sanitizeRichText('<a href="/about" target="_top">t</a>')).toBe('<a href="/about">t</a>');
  });
});

describe.each(dialects())('rich text stored through the API on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let refs: FixtureRefs;

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a section body without scripts, event handlers, javascript: links or style attributes', async () => {
    const c = getCollection('descriptionhome')!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections/descriptionhome/documents',
      headers: admin.headers,
      payload: { data: { ...validData(c, refs), body: hostileBody }, status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as ContentDocument).id;

    const staffRead = await t.app.inject({ method: 'GET', url: `/api/collections/descriptionhome/documents/${id}`, headers: admin.headers });
    const body = (staffRead.json() as ContentDocument).data.body as string;
    expectClean(body);
    expect(body).toContain('Hello <strong>friends</strong>');
    expect(body).toContain('rel="noopener noreferrer"');

    const publicRead = await t.app.inject({ method: 'GET', url: `/api/collections/descriptionhome/documents/${id}` });
    expectClean(JSON.stringify((publicRead.json() as { data: unknown }).data));
    const bundle = await t.app.inject({ method: 'GET', url: '/api/pages/home' });
    expect(bundle.body).toContain(id);
    expect(bundle.body).not.toMatch(/onerror|<script|javascript:|style=/i);
  });

  it('sanitises rich text sent in a PATCH too', async () => {
    const c = getCollection('thirdevents')!;
    const created = await t.app.inject({ method: 'POST', url: '/api/collections/thirdevents/documents', headers: admin.headers, payload: { data: validData(c, refs) } });
    const doc = created.json() as ContentDocument;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/thirdevents/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': String(doc.version) },
      payload: { data: { description: '<p onmouseover="x()">Join <script>steal()</script>us</p>' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as ContentDocument).data.description).toBe('<p>Join us</p>');
  });
});
