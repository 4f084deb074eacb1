/**
 * Authoring checks on the API: the site check lists every finding on the
 * published site with its page and field, and none on the clean demo site;
 * publishing with errors is refused unless confirmed, and the audit log says
 * when it was; warnings never block; a schedule keeps its confirmation and
 * one made without it holds back errors added later. The form's checks read
 * the media facts the gate reads (a file's name too), and the site check
 * knows the server's own addresses (the contact form). On SQLite and PostgreSQL.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { editorialApi, type AuditEntry } from '../src/shared/editorial.js';
import { siteCheckApi, siteCheckSchema, type Finding, type SiteFinding } from '../src/shared/site-check.js';
import { checkData, errorsOf, mediaFactsOfDescription } from '../src/shared/authoring/check.js';
import { mediaApi, mediaInfoSchema } from '../src/shared/media-library.js';
import { siteApi } from '../src/shared/site-structure.js';
import { contactFormPath } from '../src/shared/contact.js';
import { listAudit, toAuditEntry } from '../src/server/audit/repository.js';
import { blockTarget, mediaFactsOf } from '../src/server/site-check/checks.js';
import { mediaIdsIn } from '../src/shared/authoring/check.js';
import sharp from 'sharp';
import { buildSeeded, type TestApp } from './helpers/app.js';
import { uploadMedia } from './helpers/upload.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia } from './content-fixtures.js';

const docsUrl = '/api/collections/descriptionhome/documents';

describe.each(dialects())('authoring checks on %s', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let imageId: string;

  const inject = (opts: InjectOptions) => t.app.inject(opts);

  async function siteFindings(): Promise<SiteFinding[]> {
    const res = await inject({ method: 'GET', url: siteCheckApi, headers: editor.headers });
    expect(res.statusCode, res.body).toBe(200);
    return siteCheckSchema.parse(res.json()).findings;
  }

  async function createDraft(data: Record<string, unknown>): Promise<ContentDocument> {
    const res = await inject({ method: 'POST', url: docsUrl, headers: editor.headers, payload: { data: { variant: 'text', ...data }, status: 'draft' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  async function publish(doc: { id: string; version: number }, body: Record<string, unknown> = {}) {
    return inject({ method: 'POST', url: editorialApi.publish('descriptionhome', doc.id), headers: { ...editor.headers, 'if-match': `"${doc.version}"` }, payload: body });
  }

  async function auditOf(id: string): Promise<AuditEntry[]> {
    const { rows } = await listAudit(t.app.services.db.kysely, { limit: 1000, offset: 0 });
    return rows.map(toAuditEntry).filter((e) => e.subjectId === id);
  }

  beforeAll(async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    t = await buildSeeded(dialect);
    log.mockRestore();
    editor = await createUser(t.app, 'admin');
    imageId = await insertMedia(t.app);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds nothing on the clean published demo site', async () => {
    expect(await siteFindings()).toEqual([]);
  });

  it('seeds problems in the demo’s drafts only, so editors opening them see the checks', async () => {
    const k = t.app.services.db.kysely;
    const drafts = await k.selectFrom('documents').select(['id', 'collection', 'data']).where('status', '=', 'draft').execute();
    const rules = new Set<string>();
    for (const d of drafts) {
      const c = getCollection(d.collection);
      if (!c) continue;
      const data = JSON.parse(d.data) as Record<string, unknown>;
      for (const f of checkData(blockTarget(c, d.id, await t.app.services.structure.pageShowing(c.name)), data, await mediaFactsOf(k, mediaIdsIn(c.fields, data)))) rules.add(f.rule);
    }
    expect([...rules]).toEqual(expect.arrayContaining(['image-alt-missing', 'link-vague', 'heading-skip', 'text-capitals']));
  });

  it('refuses to publish a picture without alt text, naming the field, and leaves the block a draft', async () => {
    const doc = await createDraft({ title: 'Budget hearings', image: { mediaId: imageId, alt: '', decorative: false } });
    const refused = await publish(doc);
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { error: { code: string; field: string; message: string; details: { findings: Finding[] } } };
    expect(body.error).toMatchObject({ code: 'invalid-argument', field: 'data.image.alt' });
    expect(body.error.message).toMatch(/no alt text/);
    expect(body.error.details.findings).toMatchObject([{ rule: 'image-alt-missing', severity: 'error', field: 'image.alt', id: doc.id, page: 'home' }]);
    const stored = await inject({ method: 'GET', url: `${docsUrl}/${doc.id}`, headers: editor.headers });
    expect((stored.json() as ContentDocument).status).toBe('draft');
    expect((stored.json() as ContentDocument).version).toBe(doc.version);

    // The PATCH that saves and publishes is held to the same check.
    const patched = await inject({ method: 'PATCH', url: `${docsUrl}/${doc.id}`, headers: { ...editor.headers, 'if-match': `"${doc.version}"` }, payload: { status: 'published' } });
    expect(patched.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.image.alt' } });
    // So is a block created published.
    const created = await inject({ method: 'POST', url: docsUrl, headers: editor.headers, payload: { data: { title: 'Straight to the site', image: { mediaId: imageId, alt: '', decorative: false } }, status: 'published' } });
    expect(created.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.image.alt' } });
    expect(await siteFindings()).toEqual([]);
  });

  it('publishes with the confirmation, records the override in the audit log, and lists the finding on the site check', async () => {
    const doc = await createDraft({ title: 'Water committees', image: { mediaId: imageId, alt: '', decorative: false } });
    const res = await publish(doc, { overrideChecks: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ContentDocument).status).toBe('published');
    const lines = await auditOf(doc.id);
    expect(lines[0]).toMatchObject({ action: 'content.publish-overridden', subject: 'Water committees — despite image-alt-missing' });
    expect(await siteFindings()).toEqual([
      { page: 'home', collection: 'descriptionhome', id: doc.id, title: 'Water committees', field: 'image.alt', rule: 'image-alt-missing', severity: 'error', message: expect.stringMatching(/no alt text/) as string },
    ]);

    // A PATCH that publishes confirms with ?overrideChecks=true.
    const other = await createDraft({ title: 'Women in councils', image: { mediaId: imageId, alt: 'IMG_2041.jpg', decorative: false } });
    const patched = await inject({ method: 'PATCH', url: `${docsUrl}/${other.id}?overrideChecks=true`, headers: { ...editor.headers, 'if-match': `"${other.version}"` }, payload: { status: 'published' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await auditOf(other.id)).map((l) => l.action)).toContain('content.publish-overridden');
    const bad = await inject({ method: 'PATCH', url: `${docsUrl}/${other.id}?overrideChecks=maybe`, headers: { ...editor.headers, 'if-match': '"2"' }, payload: {} });
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'overrideChecks' } });

    // Fixed in the library: the picture's default alt text clears the finding.
    await t.app.services.db.kysely.updateTable('media').set({ alt: 'Members of a water committee at the borehole' }).where('id', '=', imageId).execute();
    const after = await siteFindings();
    expect(after.map((f) => [f.id, f.rule])).toEqual([[other.id, 'alt-file-name']]);
    await t.app.services.db.kysely.updateTable('media').set({ alt: '' }).where('id', '=', imageId).execute();
    for (const d of [doc, other]) {
      const current = (await inject({ method: 'GET', url: `${docsUrl}/${d.id}`, headers: editor.headers })).json() as ContentDocument;
      await inject({ method: 'DELETE', url: `${docsUrl}/${d.id}`, headers: { ...editor.headers, 'if-match': `"${current.version}"` } });
    }
    expect(await siteFindings()).toEqual([]);
  });

  it('never blocks on warnings: they publish as usual and the site check lists them with their page and field', async () => {
    const doc = await createDraft({ title: 'Our plan', body: '<h3>Why</h3><p>For the plan <a href="/strategy">click here</a>.</p>', linkLabel: 'Read more', linkUrl: '/strategy' });
    const res = await publish(doc);
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(doc.id))[0]).toMatchObject({ action: 'content.publish', subject: 'Our plan' });
    const findings = await siteFindings();
    expect(findings.map((f) => [f.page, f.field, f.rule, f.severity])).toEqual([
      ['home', 'body', 'link-vague', 'warning'],
      ['home', 'linkLabel', 'link-vague', 'warning'],
    ]);
    const current = (await inject({ method: 'GET', url: `${docsUrl}/${doc.id}`, headers: editor.headers })).json() as ContentDocument;
    await inject({ method: 'DELETE', url: `${docsUrl}/${doc.id}`, headers: { ...editor.headers, 'if-match': `"${current.version}"` } });
  });

  it('gives the form the facts the publish gate reads: a picture whose alt text is its file’s name is an error in both, and visitors are never told the name', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
    const uploaded = await uploadMedia(t.app, editor, png, 'borehole-repairs.png', 'image/png');
    const image = { mediaId: uploaded.id, alt: 'borehole-repairs', decorative: false };
    const doc = await createDraft({ title: 'Borehole repairs', image });
    const refused = await publish(doc);
    expect(refused.statusCode).toBe(400);
    const gate = (refused.json() as { error: { details: { findings: Finding[] } } }).error.details.findings;
    expect(gate.map((f) => [f.field, f.rule])).toEqual([['image.alt', 'alt-file-name']]);
    // The form checks the same data with the media's description as staff read it.
    const described = await inject({ method: 'GET', url: mediaApi.one(uploaded.id), headers: editor.headers });
    expect(described.statusCode, described.body).toBe(200);
    const info = mediaInfoSchema.parse(described.json());
    const c = getCollection('descriptionhome');
    if (!c) throw new Error('descriptionhome is declared');
    const inForm = errorsOf(checkData(blockTarget(c, doc.id, await t.app.services.structure.pageShowing(c.name)), { title: 'Borehole repairs', image }, (id) => (id === info.id ? mediaFactsOfDescription(info) : undefined)));
    expect(inForm).toEqual(gate);
    const anonymous = await inject({ method: 'GET', url: mediaApi.one(uploaded.id) });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).not.toHaveProperty('name');
    const current = (await inject({ method: 'GET', url: `${docsUrl}/${doc.id}`, headers: editor.headers })).json() as ContentDocument;
    await inject({ method: 'DELETE', url: `${docsUrl}/${doc.id}`, headers: { ...editor.headers, 'if-match': `"${current.version}"` } });
  });

  it('does not call a link to the contact form a link to nowhere (the server answers it), and keeps its address from pages', async () => {
    const doc = await createDraft({ title: 'Talk to us', body: '<p>Write to us with <a href="/contact">the contact form</a> or read <a href="/no-such-page">the old report</a>.</p>', linkLabel: 'Write to us', linkUrl: '/contact#contact' });
    const res = await publish(doc);
    expect(res.statusCode, res.body).toBe(200);
    const broken = (await siteFindings()).filter((f) => f.id === doc.id && f.rule === 'link-internal-broken');
    expect(broken.map((f) => f.message)).toEqual([expect.stringContaining('/no-such-page') as string]);
    const page = await inject({ method: 'POST', url: siteApi.pages, headers: editor.headers, payload: { path: contactFormPath, title: 'Contact' } });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'path' } });
    const current = (await inject({ method: 'GET', url: `${docsUrl}/${doc.id}`, headers: editor.headers })).json() as ContentDocument;
    await inject({ method: 'DELETE', url: `${docsUrl}/${doc.id}`, headers: { ...editor.headers, 'if-match': `"${current.version}"` } });
  });

  it('checks a scheduled publish when it is scheduled, keeps its confirmation, and holds back errors added after a plain schedule', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000);
    const broken = await createDraft({ title: 'Scheduled with a gap', image: { mediaId: imageId, alt: '', decorative: false } });
    const refused = await publish(broken, { at });
    expect(refused.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'data.image.alt' } });
    const confirmed = await publish(broken, { at, overrideChecks: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const clean = await createDraft({ title: 'Scheduled clean', image: { mediaId: imageId, alt: 'Youth leaders at the county assembly', decorative: false } });
    const scheduled = (await publish(clean, { at })).json() as ContentDocument;
    // Saved after scheduling: the picture loses its alt text.
    const saved = await inject({ method: 'PATCH', url: `${docsUrl}/${clean.id}`, headers: { ...editor.headers, 'if-match': `"${scheduled.version}"` }, payload: { data: { image: { mediaId: imageId, alt: '', decorative: false } } } });
    expect(saved.statusCode, saved.body).toBe(200);

    await t.app.content.editorial.runDue(later);
    const read = async (id: string) => (await inject({ method: 'GET', url: `${docsUrl}/${id}`, headers: editor.headers })).json() as ContentDocument;
    expect((await read(broken.id)).status).toBe('published');
    expect((await auditOf(broken.id))[0]).toMatchObject({ action: 'content.publish-overridden', actor: null });
    const held = await read(clean.id);
    expect(held).toMatchObject({ status: 'draft', publishAt: null });
    expect((await auditOf(clean.id))[0]).toMatchObject({ action: 'content.publish-held', subject: 'Scheduled clean — not published because of image-alt-missing' });
  });
});
