/**
 * The fast lane (src/server/http/fast-lane.ts) answers kept pages and cached
 * media from Node's request listener, before Fastify. Over real HTTP, each
 * answer it gives must be the answer Fastify's routes give for the same
 * request: status, every header and its value, header order, and body bytes.
 * It must also step aside whenever Fastify would answer differently (a change
 * not yet rendered, a deleted file, Range, HEAD, a caller's token), and keep
 * the request log's one line per answer.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocument } from '../src/shared/collections.js';
import { buildApp } from '../src/server/app.js';
import { parseRequest } from '../src/server/http/fast-lane.js';
import { reportPdf } from '../src/server/seed/pdf.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { publishChange } from './helpers/content.js';
import { multipartFile as multipart } from './helpers/upload.js';

/** Headers that change with every answer or belong to the connection, not to the answer. */
const perConnection = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  /** Header lines in the order sent, lower-case names, without the per-connection ones. */
  headers: [string, string][];
  body: Buffer;
}

async function noisyPng(): Promise<Buffer> {
  // Noisy enough that its 480 and 960 px variants are smaller than the original.
  const raw = crypto.randomBytes(1200 * 800 * 3);
  return sharp(raw, { raw: { width: 1200, height: 800, channels: 3 } })
    .png()
    .toBuffer();
}

/** A response read off a raw connection: status, header lines as sent, body by its Content-Length. */
interface RawAnswer {
  status: number;
  lines: [string, string][];
  body: Buffer;
}

/** Splits what a connection received into responses (each framed by Content-Length, none for a 304). */
function rawAnswers(bytes: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) throw new Error(`an unfinished head: ${JSON.stringify(bytes.toString('latin1', at, at + 200))}`);
    const [statusLine, ...rest] = bytes.toString('latin1', at, end).split('\r\n');
    const lines = rest.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]);
    const status = Number(statusLine?.split(' ')[1]);
    const length = status === 304 ? 0 : Number(new Map(lines).get('content-length') ?? 0);
    if (end + 4 + length > bytes.length) throw new Error('an unfinished body');
    answers.push({ status, lines, body: bytes.subarray(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  return answers;
}

describe('the requests the fast lane reads itself (parseRequest)', () => {
  const parsed = (head: string) => parseRequest(head);
  it('reads a plain GET: its path, its header lines as node:http lists them, and whether it asks to close', () => {
    expect(parsed('GET /events HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding:  br, gzip \r\nConnection: Keep-Alive')).toEqual({
      url: '/events',
      raw: ['Host', 'example.org', 'Accept-Encoding', 'br, gzip', 'Connection', 'Keep-Alive'],
      close: false,
    });
    expect(parsed('GET /sw/?a=1 HTTP/1.1\r\nhost: x\r\nconnection: close')?.close).toBe(true);
  });
  it.each([
    ['another method', 'HEAD / HTTP/1.1\r\nHost: x'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: x'],
    ['an absolute URL', 'GET http://x/ HTTP/1.1\r\nHost: x'],
    ['a space in the path', 'GET /a b HTTP/1.1\r\nHost: x'],
    ['no Host', 'GET / HTTP/1.1\r\nAccept: */*'],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: x\r\nHost: y'],
    ['a body announced by its length', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5'],
    ['a chunked body', 'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked'],
    ['Expect', 'GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue'],
    ['Upgrade', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket'],
    ['Connection with another token', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, TE'],
    ['Proxy-Connection (node:http reads it as Connection)', 'GET / HTTP/1.1\r\nHost: x\r\nProxy-Connection: close'],
    ['a folded line', 'GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n ,*/*'],
    ['a space before the colon', 'GET / HTTP/1.1\r\nHost : x'],
    ['a bare line feed', 'GET / HTTP/1.1\nHost: x'],
    ['a byte above 0x7e in a value', 'GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: caf\xe9'],
    ['a control byte in a value', 'GET / HTTP/1.1\r\nHost: x\r\nCookie: a\x00b'],
  ])('leaves to node:http %s', (_name, head) => {
    expect(parsed(head)).toBeNull();
  });

  it('reads what it accepts as node:http reads it: the same URL and header lines', async () => {
    const heads = [
      'GET / HTTP/1.1\r\nHost: x',
      'GET /a/b.c?d=e&f=%20g HTTP/1.1\r\nhOsT:\t x \t\r\nX-Empty:\r\nX-Tab: a\tb\r\nAccept: "q";v=1, */*',
      "GET /~!$&'()*+,;=:@ HTTP/1.1\r\nHost: x\r\n!#$%&'*+-.^_`|~: token name\r\nConnection: CLOSE",
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: a=1; b=2\r\nIf-None-Match: "abc", W/"def"\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64)',
    ];
    const seen: { url: string; raw: string[] }[] = [];
    const server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', raw: req.rawHeaders });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const head of heads) {
        const ours = parsed(head);
        expect(ours, head).not.toBeNull();
        await new Promise<void>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(`${head}\r\n\r\n`, 'latin1'));
          socket.on('data', () => socket.destroy());
          socket.on('close', () => resolve());
          socket.on('error', reject);
        });
        expect(seen.at(-1), head).toEqual({ url: ours?.url, raw: ours?.raw });
      }
      expect(seen.length).toBe(heads.length);
    } finally {
      server.close();
    }
  });
});

describe.each(dialects())('the fast lane on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: TestUser;
  let origin = '';
  let log = '';
  let slide: ContentDocument;
  let picture: { id: string; url: string; variants: { name: string; url: string }[] };
  let pdf: { id: string; url: string };

  const logLines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp(testConfig(db, { logLevel: 'info', mediaStore: dialect === 'postgres' ? 'postgres' : 'fs' }), { logger: true, render: true, logStream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await createUser(app, 'admin');

    const upload = async (bytes: Buffer, name: string, type: string) => {
      const form = multipart(bytes, name, type);
      const res = await app.inject({ method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as typeof picture;
    };
    picture = await upload(await noisyPng(), 'lane.png', 'image/png');
    pdf = await upload(reportPdf('Annual report', 'Fast lane', [{ heading: 'Summary', paragraphs: ['What the alliance did this year.'] }]), 'report 2026.pdf', 'application/pdf');
    const created = await app.inject({
      method: 'POST',
      url: '/api/collections/home/documents',
      headers: admin.headers,
      payload: { status: 'published', data: { title: 'Voices from the county assemblies', caption: 'Citizens at the budget hearing', image: { mediaId: picture.id, alt: 'A town hall full of people' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    slide = created.json() as ContentDocument;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  function viaHttp(path: string, headers: Record<string, string | string[]> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const lines: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] ?? '').toLowerCase();
            if (!perConnection.has(name)) lines.push([name, res.rawHeaders[i + 1] ?? '']);
          }
          resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The same request through the lane (which must take it unless told it may not) and through Fastify's routes. */
  async function bothDoors(path: string, headers: Record<string, string> = {}, laneTakes = true): Promise<{ lane: Answer; routes: Answer }> {
    // The first request through Fastify keeps the page or the bytes in memory.
    await viaHttp(path, headers);
    const before = app.fastLane.served;
    const lane = await viaHttp(path, headers);
    expect(app.fastLane.served - before, `the lane answered ${path}`).toBe(laneTakes ? 1 : 0);
    // A query string is not a kept path or a media address: this one goes through Fastify, which ignores it.
    const routes = await viaHttp(`${path}?door=routes`, headers);
    expect(app.fastLane.served - before, `Fastify answered ${path}?door=routes`).toBe(laneTakes ? 1 : 0);
    return { lane, routes };
  }

  const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  const pageCases: [string, string, Record<string, string>][] = [
    ['the home page, brotli', '/', browser],
    ['the home page, gzip', '/', { accept: 'text/html', 'accept-encoding': 'gzip' }],
    ['the home page, uncompressed', '/', { accept: 'text/html' }],
    // The lane reads the raw header lines: names in any case are the same header.
    ['the home page, header names in capitals', '/', { ACCEPT: 'text/html', 'ACCEPT-ENCODING': 'gzip' }],
    ['the events page', '/events', browser],
    ['the sitemap', '/sitemap.xml', {}],
  ];

  it.each(pageCases)('answers %s as Fastify does', async (_name, path, headers) => {
    const { lane, routes } = await bothDoors(path, headers);
    expect(lane.status).toBe(200);
    expect(lane.headers).toEqual(routes.headers);
    expect(lane.body.equals(routes.body)).toBe(true);
  });

  it('answers a revalidation with the same 304 as Fastify, in every coding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { accept: 'text/html', 'accept-encoding': encoding };
      const etag = (await viaHttp('/', headers)).headers.find(([n]) => n === 'etag')?.[1];
      expect(etag).toBeTruthy();
      const { lane, routes } = await bothDoors('/', { ...headers, 'if-none-match': etag ?? '' });
      expect(lane.status).toBe(304);
      expect(lane.body.length).toBe(0);
      expect(lane.headers).toEqual(routes.headers);
    }
    // A tag of something else is answered in full.
    const other = await bothDoors('/', { ...browser, 'if-none-match': '"not-this-page"' });
    expect(other.lane.status).toBe(200);
    expect(other.lane.headers).toEqual(other.routes.headers);
  });

  it('answers media (a WebP size, an original picture, a PDF download, a 304) as Fastify does', async () => {
    const variant = picture.variants.find((v) => v.name === '480');
    expect(variant).toBeDefined();
    // A file over 512 KB in the file store streams from disk and is never held in memory: Fastify serves it.
    const held = (path: string) => path !== picture.url || dialect === 'postgres';
    for (const path of [variant?.url ?? '', picture.url, pdf.url]) {
      const { lane, routes } = await bothDoors(path, {}, held(path));
      expect(lane.status, path).toBe(200);
      expect(lane.headers).toEqual(routes.headers);
      expect(lane.body.equals(routes.body)).toBe(true);
      const etag = lane.headers.find(([n]) => n === 'etag')?.[1] ?? '';
      const revalidated = await bothDoors(path, { 'if-none-match': etag }, held(path));
      expect(revalidated.lane.status).toBe(304);
      expect(revalidated.lane.headers).toEqual(revalidated.routes.headers);
    }
    const download = await viaHttp(pdf.url);
    expect(new Map(download.headers).get('content-disposition')).toContain('attachment');
  });

  it('leaves to Fastify what Fastify answers differently: Range (in any case), a header given twice, HEAD, a caller token, other methods', async () => {
    await viaHttp(picture.url);
    await viaHttp('/');
    const before = app.fastLane.served;
    const partial = await viaHttp(picture.url, { range: 'bytes=0-99' });
    expect(partial.status).toBe(206);
    expect(partial.body.length).toBe(100);
    const shouted = await viaHttp(picture.url, { RANGE: 'bytes=0-9' });
    expect(shouted.status).toBe(206);
    expect(shouted.body.length).toBe(10);
    // Accept-Encoding twice: node:http joins the two lines ("br, gzip"), so the page comes in brotli (the last line alone would give gzip).
    const twice = await viaHttp('/', { accept: 'text/html', 'accept-encoding': ['br', 'gzip'] });
    expect(twice.status).toBe(200);
    expect(new Map(twice.headers).get('content-encoding')).toBe('br');
    const head = await viaHttp('/', browser, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // A signed-in caller's token is checked by the caller hook; a bad one is refused.
    const badToken = await viaHttp(picture.url, { authorization: 'Bearer not-a-token' });
    expect(badToken.status).toBe(401);
    const post = await viaHttp('/', browser, 'POST');
    expect(post.status).toBe(404);
    expect(app.fastLane.served).toBe(before);
  });

  it('leaves to Fastify a media address it does not hold as written: a query, an upper-case id, an unknown size, `..`, another segment', async () => {
    const variant = picture.variants.find((v) => v.name === '480')?.url ?? '';
    await viaHttp(variant);
    // Sent as written: a URL object would resolve the `..`.
    const rawStatus = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(origin);
        http.get({ hostname, port, path, agent: false }, (res) => resolve((res.resume(), res.statusCode ?? 0))).on('error', reject);
      });
    const upper = picture.id.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(upper).not.toBe(picture.id);
    const before = app.fastLane.served;
    const answers = await Promise.all(
      [
        [`${variant}?x=1`, 200],
        [`/media/${upper}/480`, 404],
        [`/media/${picture.id}/481`, 404],
        [`/media/${picture.id}/480.AVIF`, 404],
        [`/media/${picture.id}/../${picture.id}/480`, 404],
        [`/media/${picture.id}/480/`, 404],
        [`/media/${picture.id}/480/original`, 404],
        [`/media/${picture.id.slice(1)}/480`, 404],
      ].map(async ([path, status]) => [path, await rawStatus(String(path)), status]),
    );
    for (const [path, got, expected] of answers) expect(got, String(path)).toBe(expected);
    expect(app.fastLane.served).toBe(before);
  });

  it('never serves a page a change has made stale, nor a deleted file', async () => {
    await viaHttp('/', browser);
    expect((await viaHttp('/', browser)).body.length).toBeGreaterThan(0);
    // Saved and published in one step: the save answers once the home page is rendered again.
    const saved = await publishChange(app, admin, slide, { title: 'Budget hearings in every ward' });
    expect(saved.statusCode, saved.body).toBe(200);
    slide = saved.json() as ContentDocument;
    const page = await viaHttp('/', { accept: 'text/html' });
    expect(page.body.toString()).toContain('Budget hearings in every ward');
    expect(page.body.toString()).not.toContain('Voices from the county assemblies');

    // An unused file, served from memory, then deleted: the lane no longer has it.
    const unused = await (async () => {
      const form = multipart(await noisyPng(), 'unused.png', 'image/png');
      const res = await app.inject({ method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
      return res.json() as typeof picture;
    })();
    await viaHttp(unused.url);
    expect((await viaHttp(unused.url)).status).toBe(200);
    const removed = await app.inject({ method: 'DELETE', url: `/api/media/${unused.id}`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await viaHttp(unused.url)).status).toBe(404);
  });

  it('sums up its answers in the request log, one line per address and status, while Fastify writes one per request', async () => {
    const variant = picture.variants[0]?.url ?? '';
    await viaHttp('/', browser);
    await viaHttp(variant);
    // What the lane answered so far is written now, so the lines below are this test's alone.
    app.fastLane.flushLog();
    log = '';
    const before = app.fastLane.served;
    await viaHttp('/', browser);
    await viaHttp('/', browser);
    await viaHttp(variant);
    await viaHttp('/?door=routes', browser);
    expect(app.fastLane.served).toBe(before + 3);
    const parsed = () =>
      log
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Fastify's request has its line at once; the lane's are summed up within a second.
    await expect.poll(() => parsed().filter((l) => l.msg === 'requests answered from memory').length, { timeout: 5000 }).toBe(2);
    expect(logLines().map((l) => [l.method, l.url, l.statusCode])).toEqual([['GET', '/?door=routes', 200]]);
    const tallies = parsed().filter((l) => l.msg === 'requests answered from memory');
    expect(tallies.map((l) => [l.method, l.url, l.statusCode, l.count])).toEqual([
      ['GET', '/', 200, 2],
      ['GET', variant, 200, 1],
    ]);
    for (const line of tallies) expect(typeof line.slowestResponseTime).toBe('number');
  });

  /** Writes each piece in turn on one new connection (after `before(i)` for each piece but the first), then reads until the server closes it or `answers` have come. */
  function onConnection(pieces: string[], answers: number, options: { before?: (i: number) => Promise<unknown> } = {}): Promise<{ answers: RawAnswer[]; closedByServer: boolean }> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      const socket = net.connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      let closedByServer = false;
      const done = () => {
        socket.destroy();
        resolve({ answers: rawAnswers(Buffer.concat(chunks)), closedByServer });
      };
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        try {
          if (rawAnswers(Buffer.concat(chunks)).length >= answers && !closedByServer) done();
        } catch {
          // Not a whole answer yet.
        }
      });
      socket.on('end', () => {
        closedByServer = true;
        done();
      });
      socket.on('error', reject);
      socket.on('connect', () => {
        void (async () => {
          for (const [i, piece] of pieces.entries()) {
            if (i > 0) await options.before?.(i);
            socket.write(piece, 'latin1');
          }
        })();
      });
    });
  }
  const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nAccept-Encoding: br\r\n${extra}\r\n`;
  /** Header lines with Date's value left out (it is the second's). */
  const withoutDate = (a: RawAnswer) => a.lines.map(([n, v]) => (n === 'date' ? [n, 'the date'] : [n, v]));

  it('answers a request read off the connection with the bytes node:http sends, and a head split over two reads through node:http', async () => {
    await viaHttp('/', browser);
    const before = { served: app.fastLane.served, onConnections: app.fastLane.servedOnConnections, handedOver: app.fastLane.handedOver };
    const whole = await onConnection([get('/')], 1);
    expect(app.fastLane.servedOnConnections - before.onConnections, 'read by the lane').toBe(1);
    const request = get('/');
    // The rest is sent once the lane has given the connection to node:http (the head it read was not whole).
    const split = await onConnection([request.slice(0, 20), request.slice(20)], 1, {
      before: () => expect.poll(() => app.fastLane.handedOver).toBe(before.handedOver + 1),
    });
    expect(app.fastLane.served - before.served, 'both answered from memory').toBe(2);
    expect(app.fastLane.servedOnConnections - before.onConnections, 'the split one read by node:http').toBe(1);
    expect(whole.answers[0]?.status).toBe(200);
    expect(withoutDate(whole.answers[0]!)).toEqual(withoutDate(split.answers[0]!));
    expect(whole.answers[0]?.lines.slice(-3).map(([n]) => n)).toEqual(['date', 'connection', 'keep-alive']);
    expect(whole.answers[0]?.body.equals(split.answers[0]!.body)).toBe(true);
    expect(whole.closedByServer).toBe(false);
  });

  it('answers pipelined requests in order, handing the connection to node:http at the first it does not answer', async () => {
    await viaHttp('/', browser);
    await viaHttp('/events', browser);
    const before = { onConnections: app.fastLane.servedOnConnections, handedOver: app.fastLane.handedOver };
    const { answers } = await onConnection([get('/') + get('/?door=routes') + get('/events'), get('/events')], 4, {
      before: () => expect.poll(() => app.fastLane.handedOver).toBe(before.handedOver + 1),
    });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Only the first: from the request with a query on, node:http reads the connection (the lane still answers /events, through node's response).
    expect(app.fastLane.servedOnConnections - before.onConnections).toBe(1);
    expect(answers[1]?.body.equals(answers[0]!.body)).toBe(true);
    expect(answers[2]?.body.equals(answers[3]!.body)).toBe(true);
    expect(answers[2]?.body.equals(answers[0]!.body)).toBe(false);
  });

  it('never reads a request out of another request\'s body (Content-Length, chunked)', async () => {
    await viaHttp('/', browser);
    const hidden = get('/sitemap.xml');
    for (const framing of [`Content-Length: ${hidden.length}\r\n`, 'Transfer-Encoding: chunked\r\n']) {
      const body = framing.startsWith('Content-Length') ? hidden : `${hidden.length.toString(16)}\r\n${hidden}\r\n0\r\n\r\n`;
      const { answers } = await onConnection([get('/', framing) + body, get('/events')], 2);
      // One answer for the request with a body, whatever node:http and Fastify make of it, then /events: never the sitemap.
      expect(answers.length, framing).toBe(2);
      for (const a of answers) expect(new Map(a.lines).get('content-type'), framing).not.toContain('xml');
      expect(answers[1]?.status).toBe(200);
    }
  });

  it('leaves to node:http a request whose header it does not read (a byte above 0x7e), and closes after `Connection: close`', async () => {
    await viaHttp('/', browser);
    const before = app.fastLane.servedOnConnections;
    const odd = await onConnection([get('/', 'User-Agent: caf\xe9\r\n')], 1);
    expect(odd.answers[0]?.status).toBe(200);
    expect(app.fastLane.servedOnConnections).toBe(before);
    const closing = await onConnection([get('/', 'Connection: close\r\n')], 2);
    expect(closing.answers.map((a) => a.status)).toEqual([200]);
    expect(new Map(closing.answers[0]!.lines).get('connection')).toBe('close');
    expect(closing.closedByServer).toBe(true);
    expect(app.fastLane.servedOnConnections).toBe(before + 1);
    // Bytes after a request that asked to close: node:http answers that request, then refuses the rest (400), as without the lane.
    const after = await onConnection([get('/', 'Connection: close\r\n') + get('/events')], 3);
    expect(after.answers.map((a) => a.status)).toEqual([200, 400]);
    expect(after.closedByServer).toBe(true);
    expect(app.fastLane.servedOnConnections).toBe(before + 1);
  });

  // Last: it closes the app (afterAll's close then has nothing to do).
  it('closes the connections it reads when the server closes, without waiting for their keep-alive time', async () => {
    await viaHttp('/', browser);
    const { hostname, port } = new URL(origin);
    const socket = net.connect(Number(port), hostname);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.on('error', () => undefined);
    const before = app.fastLane.servedOnConnections;
    socket.write(get('/'));
    await answered;
    expect(app.fastLane.servedOnConnections).toBe(before + 1);
    const started = performance.now();
    await app.close();
    await closed;
    // Left open, the connection would close on its own only after the keep-alive time (72 s).
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
