import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from './api-client.js';
import { requestKeyHeader, requestKeySchema } from '../shared/request-key.js';

describe('the fetch client', () => {
  let server: http.Server;
  let base = '';
  let writes: { key: string | string[] | undefined; ifMatch: string | string[] | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/cut-off') {
        // A proxy that found its instance gone (502), then a connection cut mid-answer, then the write's answer.
        const attempt = writes.push({ key: req.headers[requestKeyHeader], ifMatch: req.headers['if-match'] });
        if (attempt === 1) {
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<h1>Bad gateway</h1>');
        } else if (attempt === 2) {
          req.socket.destroy();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"saved":true}');
        }
        return;
      }
      if (req.url === '/bad') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalid-argument', message: 'data.title: Title is required', field: 'data.title', fields: { 'data.title': 'Title is required' } } }));
        return;
      }
      if (req.url === '/broken') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('gives up on a call that does not answer in time, with deadline-exceeded', async () => {
    const err = await api(`${base}/slow`, { timeoutMs: 200, anonymous: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'deadline-exceeded' });
  });

  it('carries the code, message and field of an error answer', async () => {
    const err = await api(`${base}/bad`, { anonymous: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'invalid-argument', status: 400, field: 'data.title', fields: { 'data.title': 'Title is required' } });
  });

  it('turns an answer that is not the error shape into a plain-words error', async () => {
    const err = await api(`${base}/broken`, { anonymous: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'internal', status: 502 });
    expect((err as ApiError).message).toMatch(/went wrong/);
  });

  it('returns the JSON of a good answer', async () => {
    await expect(api(`${base}/ok`, { anonymous: true })).resolves.toEqual({ ok: true });
  });

  it('resends a conditional write whose answer never came, with the same key, until it is answered', async () => {
    writes = [];
    await expect(api(`${base}/cut-off`, { method: 'PATCH', body: { title: 'x' }, ifMatch: 3, anonymous: true })).resolves.toEqual({ saved: true });
    expect(writes).toHaveLength(3);
    const key = requestKeySchema.parse(writes[0]!.key);
    expect(writes).toEqual([1, 2, 3].map(() => ({ key, ifMatch: '3' })));
    // The next write has a key of its own.
    writes = [];
    await api(`${base}/cut-off`, { method: 'PATCH', body: { title: 'y' }, ifMatch: 4, anonymous: true });
    expect(writes[0]!.key).not.toBe(key);
  });

  it('does not resend a write without If-Match: nothing would tell its second copy from the first', async () => {
    writes = [];
    const err = await api(`${base}/cut-off`, { method: 'POST', body: { title: 'x' }, anonymous: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502 });
    expect(writes).toEqual([{ key: undefined, ifMatch: undefined }]);
  });
});
