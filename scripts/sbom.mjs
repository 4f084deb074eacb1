#!/usr/bin/env node
// `npm run sbom [-- --out FILE]`: the software bill of materials of what the
// site runs on, in CycloneDX 1.5 JSON, written to dist/sbom.cdx.json unless
// --out says elsewhere. `npm run build` writes it too, so every built copy of
// the site carries the list of what it was installed with.
//
// Runtime dependencies only: every package package-lock.json installs that
// the server loads or the pages bundle, with the version, the registry
// address it came from and its checksum (what `npm ci` verifies). Packages
// only the build and the tests need (Vite, Vitest, ESLint, Lighthouse: those
// the lock marks `dev`) never answer a request and are left out.
//
// Read from package-lock.json alone: the same lock gives the same list on any
// machine, offline. Not `npm sbom --omit dev`: it drops production packages
// that a development tool also uses (zod, tsx, htmlparser2 here; npm/cli
// issue 7909), and the npm Debian 12 installs (9.2) has no `npm sbom`.
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const defaultSbomFile = path.join(root, 'dist', 'sbom.cdx.json');

const hashAlgorithms = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/** `node_modules/@img/sharp/node_modules/x` → `x`. */
const nameAt = (where) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The package URL (purl-spec): a scope's `@` is written %40. */
const purlOf = (name, version) => `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;

/** Where Node.js finds `dep` from the package at `from`: its own node_modules, then each folder above. */
function resolveFrom(packages, from, dep) {
  for (let at = from; ; ) {
    const candidate = `${at ? `${at}/` : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!at) return null;
    const up = at.lastIndexOf('/node_modules/');
    at = up === -1 ? '' : at.slice(0, up);
  }
}

/** The CycloneDX document for the runtime dependencies in package-lock.json. */
export function runtimeSbom(rootDir = root) {
  const lock = JSON.parse(fs.readFileSync(path.join(rootDir, 'package-lock.json'), 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8'));
  if (lock.lockfileVersion < 2 || !lock.packages) throw new Error('sbom: package-lock.json is older than lockfileVersion 2; run npm install with npm 7 or later');
  const packages = lock.packages;
  const runtime = Object.entries(packages).filter(([where, p]) => where.includes('node_modules/') && p.version && !p.dev && !p.link);
  const refOf = (where) => `${packages[where]?.name ?? nameAt(where)}@${packages[where]?.version}`;
  const rootRef = `${pkg.name}@${pkg.version}`;

  const components = new Map();
  const dependencies = new Map([[rootRef, new Set()]]);
  const dependsOn = (from, deps) => {
    const out = new Set();
    for (const dep of Object.keys(deps)) {
      const found = resolveFrom(packages, from, dep);
      if (found && !packages[found].dev) out.add(refOf(found));
    }
    return out;
  };
  dependencies.set(rootRef, dependsOn('', { ...pkg.dependencies, ...pkg.optionalDependencies }));
  for (const [where, p] of runtime) {
    const name = p.name ?? nameAt(where);
    const ref = `${name}@${p.version}`;
    const deps = dependsOn(where, { ...p.dependencies, ...p.optionalDependencies, ...p.peerDependencies });
    dependencies.set(ref, new Set([...(dependencies.get(ref) ?? []), ...deps]));
    if (components.has(ref)) continue;
    const component = {
      'bom-ref': ref,
      type: 'library',
      name,
      version: p.version,
      // Optional packages (a native build for another platform, say) are installed only where they fit.
      scope: p.optional || p.devOptional ? 'optional' : 'required',
      purl: purlOf(name, p.version),
    };
    const [algorithm, digest] = (p.integrity ?? '').split(' ')[0].split('-');
    if (hashAlgorithms[algorithm] && digest) component.hashes = [{ alg: hashAlgorithms[algorithm], content: Buffer.from(digest, 'base64').toString('hex') }];
    if (typeof p.license === 'string') component.licenses = [/^[\w.+-]+$/.test(p.license) ? { license: { id: p.license } } : { expression: p.license }];
    if (p.resolved) component.externalReferences = [{ type: 'distribution', url: p.resolved }];
    components.set(ref, component);
  }

  return {
    $schema: 'http://cyclonedx.org/schema/bom-1.5.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${crypto.randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      lifecycles: [{ phase: 'pre-build' }],
      tools: { components: [{ type: 'application', name: 'scripts/sbom.mjs', description: 'runtime dependencies from package-lock.json' }] },
      component: { 'bom-ref': rootRef, type: 'application', name: pkg.name, version: pkg.version, description: pkg.description, purl: purlOf(pkg.name, pkg.version) },
    },
    components: [...components.values()].sort((a, b) => a['bom-ref'].localeCompare(b['bom-ref'])),
    dependencies: [...dependencies].map(([ref, on]) => ({ ref, dependsOn: [...on].sort() })),
  };
}

/** Writes the SBOM to `out` and returns how many components it lists. */
export function writeSbom(out = defaultSbomFile) {
  const bom = runtimeSbom();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // Written whole or not at all: a reader never sees half a file.
  const partial = `${out}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(bom, null, 2)}\n`);
  fs.renameSync(partial, out);
  return bom.components.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = path.resolve(values.out ?? defaultSbomFile);
  const count = writeSbom(out);
  const shown = out.startsWith(`${process.cwd()}${path.sep}`) ? path.relative(process.cwd(), out) : out;
  console.log(`sbom: ${count} runtime components (CycloneDX 1.5) in ${shown}`);
}
