import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from './api-client.js';

describe('the fetch client', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
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
});
