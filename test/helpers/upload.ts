/** Uploading a file as the staff app does: multipart/form-data, one part named "file" (another name: a request the server must refuse). */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MediaInfo } from '../../src/shared/media.js';
import type { TestUser } from './users.js';

export function multipartFile(file: Buffer, name: string, contentType: string, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads new bytes and answers what the server made of them (201 expected). */
export async function uploadMedia(app: FastifyInstance, user: TestUser, file: Buffer, name: string, contentType: string): Promise<MediaInfo> {
  const form = multipartFile(file, name, contentType);
  const res = await app.inject({ method: 'POST', url: '/api/media', headers: { ...user.headers, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MediaInfo;
}
