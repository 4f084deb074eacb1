/** Shared set-up for the staff content browser tests: images made with sharp, and blocks created through the API. */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { collections, type CollectionDef, type ContentDocument } from '../src/shared/collections.js';
import type { MediaInfo } from '../src/shared/media.js';

/** A real image with a gradient-free solid colour and a label-free body: enough for sharp on the server to re-encode. */
export async function makeImage(width: number, height: number, rgb: { r: number; g: number; b: number }, format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: rgb } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80 }).toBuffer();
}

/** A minimal valid one-page PDF. */
export function makePdf(): Buffer {
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function apiCall<T>(baseUrl: string, token: string, path: string, init: { method?: string; body?: unknown; ifMatch?: number } = {}): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.ifMatch !== undefined) headers['if-match'] = String(init.ifMatch);
  const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export async function uploadViaApi(baseUrl: string, token: string, bytes: Buffer, name: string, type: string): Promise<MediaInfo> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as MediaInfo;
}

/** Valid data for any collection: every required field filled, images and files pointing at real uploads. */
export function sampleData(c: CollectionDef, label: string, media: { imageId: string; pdfId: string }): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of c.fields) {
    if (!f.required && f.name !== c.titleField) continue;
    switch (f.type) {
      case 'text':
      case 'longText':
        data[f.name] = label;
        break;
      case 'richText':
        data[f.name] = `<p>${label}</p>`;
        break;
      case 'email':
        data[f.name] = 'someone@example.org';
        break;
      case 'url':
        data[f.name] = 'https://example.org';
        break;
      case 'date':
        data[f.name] = '2026-05-01';
        break;
      case 'dateTime':
        data[f.name] = '2026-05-01T09:30:00+00:00';
        break;
      case 'image':
        data[f.name] = { mediaId: media.imageId, alt: `${label} picture`, decorative: false };
        break;
      case 'file':
        data[f.name] = { mediaId: media.pdfId, name: `${label} report` };
        break;
      case 'formFields':
        data[f.name] = [{ id: 'email', type: 'email', label: `${label} e-mail`, required: true }];
        break;
      default:
        break;
    }
  }
  return data;
}

export async function createBlock(baseUrl: string, token: string, collection: string, data: Record<string, unknown>, status: 'draft' | 'published' = 'draft'): Promise<ContentDocument> {
  return apiCall<ContentDocument>(baseUrl, token, `/api/collections/${collection}/documents`, { method: 'POST', body: { data, status } });
}

/** One block in every collection, so every form path can be opened with an existing id. */
export async function oneBlockPerCollection(baseUrl: string, token: string): Promise<Map<string, string>> {
  const image = await uploadViaApi(baseUrl, token, await makeImage(1200, 800, { r: 30, g: 110, b: 160 }), 'sample.jpg', 'image/jpeg');
  const pdf = await uploadViaApi(baseUrl, token, makePdf(), 'report.pdf', 'application/pdf');
  const ids = new Map<string, string>();
  for (const c of collections) {
    const doc = await createBlock(baseUrl, token, c.name, sampleData(c, `Sample ${c.name}`, { imageId: image.id, pdfId: pdf.id }), 'published');
    ids.set(c.name, doc.id);
  }
  return ids;
}

/** Waits for the staff app's screen to settle: no spinner, a heading present. */
export async function waitForScreen(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'), undefined, { timeout: 15_000 });
}

/** A form control by its label, whether or not the label carries the required-field asterisk. */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** A photo-like JPEG that does not compress: noise, about 1.5 MB at this size. */
export async function makeNoisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}
