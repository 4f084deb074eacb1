/**
 * The software bill of materials (scripts/sbom.mjs): `npm run sbom` and every
 * build write a CycloneDX list of the runtime dependencies at the versions
 * package-lock.json installs, with their checksums and what depends on what,
 * and nothing that only builds or tests the site.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = path.resolve(import.meta.dirname, '..');

/** The parts of a CycloneDX document this test reads. */
const bomSchema = z.object({
  bomFormat: z.literal('CycloneDX'),
  specVersion: z.string().regex(/^\d+\.\d+$/),
  serialNumber: z.string().regex(/^urn:uuid:[0-9a-f-]{36}$/),
  metadata: z.object({ component: z.object({ 'bom-ref': z.string(), name: z.string(), type: z.string() }) }),
  components: z.array(
    z.object({
      'bom-ref': z.string(),
      type: z.literal('library'),
      name: z.string(),
      version: z.string(),
      scope: z.enum(['required', 'optional']),
      purl: z.string(),
      hashes: z.array(z.object({ alg: z.string(), content: z.string().regex(/^[0-9a-f]+$/) })),
    }),
  ),
  dependencies: z.array(z.object({ ref: z.string(), dependsOn: z.array(z.string()) })),
});

const lockSchema = z.object({
  packages: z.record(z.string(), z.object({ version: z.string().optional(), dev: z.boolean().optional(), name: z.string().optional(), integrity: z.string().optional() })),
});

/** The installed packages of package-lock.json: name, version, and whether only development needs it. */
function lockedPackages(): { name: string; version: string; dev: boolean; integrity: string }[] {
  const lock = lockSchema.parse(JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')));
  return Object.entries(lock.packages)
    .filter(([where, p]) => where.includes('node_modules/') && p.version)
    .map(([where, p]) => ({ name: p.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: p.version ?? '', dev: p.dev ?? false, integrity: p.integrity ?? '' }));
}

describe('npm run sbom', () => {
  let dir: string;
  let bom: z.infer<typeof bomSchema>;
  let printed: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbom-test-'));
    const out = path.join(dir, 'sbom.cdx.json');
    printed = execFileSync(process.execPath, [path.join(root, 'scripts/sbom.mjs'), '--out', out], { cwd: root, encoding: 'utf8' });
    bom = bomSchema.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
  }, 60_000);
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a CycloneDX document (1.5 or later) describing the site', () => {
    const [major, minor] = bom.specVersion.split('.').map(Number);
    expect((major ?? 0) * 100 + (minor ?? 0)).toBeGreaterThanOrEqual(105);
    expect(bom.metadata.component).toMatchObject({ 'bom-ref': 'ngo-site@0.1.0', name: 'ngo-site', type: 'application' });
    expect(printed).toContain(`${bom.components.length} runtime components`);
  });

  it('lists every runtime dependency at the version package-lock.json installs, with the checksum npm ci verifies', () => {
    const locked = lockedPackages();
    const lockedOf = (name: string) => locked.find((p) => p.name === name && !p.dev);
    const pkg = z.object({ dependencies: z.record(z.string(), z.string()) }).parse(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')));
    // zod, tsx and htmlparser2 are used by development tools too: `npm sbom --omit dev` leaves them out (npm/cli issue 7909).
    for (const name of ['fastify', 'better-sqlite3', 'sharp', 'pg', 'react', 'zod', 'tsx', 'htmlparser2', 'sanitize-html', 'playwright-core', '@node-rs/argon2', ...Object.keys(pkg.dependencies)]) {
      const p = lockedOf(name);
      if (!p) throw new Error(`${name} is not in package-lock.json`);
      const listed = bom.components.find((c) => c['bom-ref'] === `${name}@${p.version}`);
      expect(listed, name).toMatchObject({ name, version: p.version, scope: 'required', purl: `pkg:npm/${name.replace('@', '%40')}@${p.version}` });
      const [algorithm, digest] = p.integrity.split('-');
      expect(algorithm).toBe('sha512');
      expect(listed?.hashes, name).toEqual([{ alg: 'SHA-512', content: Buffer.from(digest ?? '', 'base64').toString('hex') }]);
    }
    // Their own dependencies too, not only the direct ones: exactly the packages the lock does not mark as development-only.
    const runtime = new Set(locked.filter((p) => !p.dev).map((p) => `${p.name}@${p.version}`));
    expect(new Set(bom.components.map((c) => c['bom-ref']))).toEqual(runtime);
  });

  it('says what depends on what, down from the site', () => {
    const refs = new Set([bom.metadata.component['bom-ref'], ...bom.components.map((c) => c['bom-ref'])]);
    expect(bom.dependencies.map((d) => d.ref).sort()).toEqual([...refs].sort());
    for (const d of bom.dependencies) for (const on of d.dependsOn) expect(refs, `${d.ref} → ${on}`).toContain(on);
    const of = (ref: string) => bom.dependencies.find((d) => d.ref === ref)?.dependsOn ?? [];
    expect(of('ngo-site@0.1.0')).toEqual(expect.arrayContaining([expect.stringMatching(/^fastify@/), expect.stringMatching(/^sharp@/), expect.stringMatching(/^zod@/)]));
    expect(of(bom.components.find((c) => c.name === 'fastify')?.['bom-ref'] ?? '')).toEqual(expect.arrayContaining([expect.stringMatching(/^pino@/)]));
  });

  it('leaves out what only builds or tests the site', () => {
    const listed = new Set(bom.components.map((c) => c['bom-ref']));
    const devOnly = lockedPackages().filter((p) => p.dev);
    expect(devOnly.map((p) => p.name)).toEqual(expect.arrayContaining(['vitest', 'eslint', 'vite', 'lighthouse']));
    expect(devOnly.filter((p) => listed.has(`${p.name}@${p.version}`))).toEqual([]);
  });
});

describe('npm run build', () => {
  it('leaves the same list beside the app and the server, in dist/sbom.cdx.json', () => {
    // The test run's global setup built the site (scripts/build.mjs).
    const built = bomSchema.parse(JSON.parse(fs.readFileSync(path.join(root, 'dist', 'sbom.cdx.json'), 'utf8')));
    const runtime = new Set(lockedPackages().filter((p) => !p.dev).map((p) => `${p.name}@${p.version}`));
    expect(new Set(built.components.map((c) => c['bom-ref']))).toEqual(runtime);
  });
});
