/**
 * A block kind without a public renderer does not compile: the type checker
 * runs over the public page view with the kind declarations as they are, and
 * again with one more block kind declared, which must fail where the
 * renderers are listed.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const kindsFile = path.join(root, 'src/shared/kinds.ts');
const pageView = path.join(root, 'src/web/public/page-view.tsx');

const quoteKind = `
  quote: defineKind({
    block: true,
    fields: [{ name: 'text', type: 'longText', label: 'Quote', required: true, max: 400 }],
    titleField: 'text',
    imageField: null,
    purpose: 'Quotes from the people we work with.',
    nouns: { one: 'quote', many: 'quotes' },
    heading: null,
  }),
} as const;`;

function diagnostics(extraKind: boolean): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    if (!extraKind || path.resolve(file) !== kindsFile || text === undefined) return text;
    const end = text.lastIndexOf('} as const;');
    if (end < 0) throw new Error('kinds.ts no longer ends its declarations with "} as const;"');
    return text.slice(0, end) + quoteKind + text.slice(end + '} as const;'.length);
  };
  const program = ts.createProgram({ rootNames: [pageView], options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(pageView))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('public renderers', () => {
  it('type-check with every block kind declared today', () => {
    expect(fs.existsSync(kindsFile)).toBe(true);
    expect(diagnostics(false)).toEqual([]);
  }, 60_000);

  it('fail to type-check when a block kind has no renderer', () => {
    const errors = diagnostics(true);
    expect(errors.some((e) => e.includes("Property 'quote' is missing"))).toBe(true);
  }, 60_000);
});
