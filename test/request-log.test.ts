/**
 * Request logging as operators read it: one JSON line per answered request
 * with its id, method, path, status and time, none on arrival, and nothing of
 * the Authorization header, cookies or passwords in any line; the answers the
 * fast lane gives from memory summed up per address and status each second.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { laneLog } from '../src/server/http/request-log.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';

describe('request log', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: TestUser;
  let text = '';
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    app = await buildApp(testConfig(db, { logLevel: 'info' }), { logger: true, render: false, logStream });
    await app.ready();
    admin = await createUser(app, 'admin', { password: 'a passphrase nobody may read 93' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('writes one line per answered request: id, method, path with query, status and time', async () => {
    text = '';
    const res = await app.inject({ method: 'GET', url: '/api/collections/newstory/documents?limit=5', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const requestLines = lines().filter((l) => 'url' in l || 'req' in l);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/collections/newstory/documents?limit=5',
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
      pid: process.pid,
    });
    expect(typeof requestLines[0]?.time).toBe('number');
  });

  it('writes any path as valid JSON, backslashes and escaped letters included', async () => {
    text = '';
    const url = '/api/collections/newstory/documents?q=%22x%22&title=%C3%A9t%C3%A9&p=a"b\\c';
    const res = await app.inject({ method: 'GET', url, headers: admin.headers });
    const requestLines = lines().filter((l) => 'url' in l);
    // The client sends `"` as %22; the backslash travels as it is.
    expect(requestLines.map((l) => [l.method, l.url, l.statusCode])).toEqual([['GET', url.replace('a"b', 'a%22b'), res.statusCode]]);
  });

  it('keeps tokens, cookies and passwords out of every line, also for refused requests', async () => {
    text = '';
    await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: 'a passphrase nobody may read 93' } });
    await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: 'a wrong passphrase 12' } });
    await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: 'refresh_token=cookie-value-that-must-not-appear' } });
    await app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: { authorization: 'Bearer not-a-jwt-but-secret-looking' } });
    await app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: admin.headers });
    expect(lines().filter((l) => l.msg === 'request completed').map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['POST', '/api/auth/sign-in', 200],
      ['POST', '/api/auth/sign-in', 401],
      ['POST', '/api/auth/refresh', 401],
      ['GET', '/api/collections/customer/documents', 401],
      ['GET', '/api/collections/customer/documents', 200],
    ]);
    for (const secret of ['a passphrase nobody may read 93', 'a wrong passphrase 12', 'cookie-value-that-must-not-appear', 'not-a-jwt-but-secret-looking', admin.token]) {
      expect(text).not.toContain(secret);
    }
  });

  it('writes a warning marked security, with who and from where, for every request a security control refuses (401, 403)', async () => {
    text = '';
    const none = await createUser(app, 'none');
    await app.inject({ method: 'GET', url: '/api/users', remoteAddress: '198.51.100.7' });
    await app.inject({ method: 'GET', url: '/api/users', headers: admin.headers, remoteAddress: '198.51.100.8' });
    await app.inject({ method: 'POST', url: '/api/collections/newstory/documents', headers: none.headers, payload: { data: {} }, remoteAddress: '198.51.100.9' });
    // A request that is merely wrong is no security event.
    await app.inject({ method: 'GET', url: '/api/collections/no-such-collection/documents', headers: admin.headers });
    const warnings = lines().filter((l) => l.security === 'refused');
    expect(warnings.map((l) => [l.level, l.code, l.uid, l.ip])).toEqual([
      [40, 'unauthenticated', null, '198.51.100.7'],
      [40, 'permission-denied', admin.uid, '198.51.100.8'],
      [40, 'permission-denied', none.uid, '198.51.100.9'],
    ]);
    // Each names its request, so the method and path are one reqId away.
    for (const w of warnings) expect(lines().some((l) => l.msg === 'request completed' && l.reqId === w.reqId && typeof l.url === 'string')).toBe(true);
  });

  it('writes no request line below its level', async () => {
    const quiet = await buildApp(testConfig(db, { logLevel: 'warn' }), {
      logger: true,
      render: false,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString();
          done();
        },
      }),
    });
    try {
      text = '';
      expect((await quiet.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines().filter((l) => l.msg === 'request completed')).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('the request log of the fast lane', () => {
  const capture = () => {
    let text = '';
    const stream = { write: (line: string) => void (text += line) };
    return { stream, lines: () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
  };

  it('at info sums up the answers per address and status, and writes them within a second', async () => {
    const { stream, lines } = capture();
    const log = laneLog(pino({ level: 'info' }, stream));
    if (!log) throw new Error('no lane log at info');
    for (let i = 0; i < 1000; i++) log.answered('/about', 200, i === 500 ? 2.5 : 0.02);
    log.answered('/about', 304, 0.01);
    log.answered('/media/x/960', 200, 0.03);
    expect(lines()).toEqual([]);
    await expect.poll(() => lines().length, { timeout: 5000 }).toBe(3);
    expect(lines().map((l) => [l.msg, l.method, l.url, l.statusCode, l.count, l.slowestResponseTime])).toEqual([
      ['requests answered from memory', 'GET', '/about', 200, 1000, 2.5],
      ['requests answered from memory', 'GET', '/about', 304, 1, 0.01],
      ['requests answered from memory', 'GET', '/media/x/960', 200, 1, 0.03],
    ]);
    expect(lines().every((l) => l.level === 30 && l.pid === process.pid && typeof l.time === 'number')).toBe(true);
    // Counted afresh after each line.
    log.answered('/about', 200, 0.02);
    log.flush();
    expect(lines().at(-1)).toMatchObject({ url: '/about', statusCode: 200, count: 1 });
  });

  it('at debug writes a line per answer with its own request id, as Fastify does', () => {
    const { stream, lines } = capture();
    const log = laneLog(pino({ level: 'debug' }, stream));
    if (!log) throw new Error('no lane log at debug');
    log.answered('/', 200, 0.02);
    log.answered('/', 200, 0.03);
    expect(lines().map((l) => [l.msg, l.method, l.url, l.statusCode, l.responseTime])).toEqual([
      ['request completed', 'GET', '/', 200, 0.02],
      ['request completed', 'GET', '/', 200, 0.03],
    ]);
    const ids = lines().map((l) => l.reqId);
    expect(ids.every((id) => typeof id === 'string' && /^req-[0-9a-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('writes nothing above info', () => {
    expect(laneLog(pino({ level: 'warn' }, capture().stream))).toBeNull();
  });
});
