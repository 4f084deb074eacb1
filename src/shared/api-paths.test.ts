import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { accountLinkApi, invitationPath, invitationResendPath } from './account-links.js';
import { apiPaths, isApiPath, pathTo } from './api-paths.js';
import { backupDownloadPath } from './backups.js';
import { editorialApi } from './editorial.js';
import { mediaApi } from './media-library.js';
import { siteApi } from './site-structure.js';

const src = path.resolve(import.meta.dirname, '..');
const home = path.join(src, 'shared', 'api-paths.ts');

/** Every source file of src but tests (which may write the paths they ask for). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * Where a file writes an API path of its own: a string or template text with
 * `/api` in it, or an API path constant followed by more path (`${somethingApi}/:id`).
 * Comments are not code and are not read.
 */
function pathsWrittenIn(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  if (!/\/api|[aA]pi[\w.]*\}\//.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${path.relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && /\/api(\/|$|\?)/.test(node.text)) {
      found.push(`${at(node)} ${node.getText(source)}`);
    }
    if (ts.isTemplateExpression(node)) {
      for (const span of node.templateSpans) {
        const named = span.expression.getText(source);
        if (named.split('.').some((part) => /^(api\w*|\w+Api\w*)$/.test(part)) && /^\/./.test(span.literal.text)) found.push(`${at(node)} ${node.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one module for the API paths', () => {
  it('writes every API path in api-paths.ts, and nowhere else in the source', () => {
    const elsewhere = sourceFiles(src)
      .filter((f) => f !== home)
      .flatMap((f) => pathsWrittenIn(f));
    expect(elsewhere).toEqual([]);
  });

  it('catches a path written beside a route or a fetch', () => {
    const probe = "const a = '/api/things';\nconst b = `${editorialApi.preview}/:id`;\nconst c = `${apiPrefix}/`;\n// '/api/in-a-comment'\n";
    expect(pathsWrittenIn(path.join(src, 'probe.ts'), probe)).toEqual(["probe.ts:1 '/api/things'", 'probe.ts:2 `${editorialApi.preview}/:id`']);
  });

  it('builds in the browser the very paths the server registers', () => {
    expect(invitationResendPath('i 1')).toBe(pathTo(apiPaths.users.invitationResend, { id: 'i 1' }));
    expect(invitationResendPath('i 1')).toBe('/api/users/invitations/i%201/resend');
    expect(invitationPath('i/1')).toBe('/api/users/invitations/i%2F1');
    expect(accountLinkApi.invitations).toBe(apiPaths.users.invitations);
    expect(editorialApi.previewLink('p/1')).toBe('/api/preview/p%2F1');
    expect(editorialApi.preview).toBe(apiPaths.preview.list);
    expect(backupDownloadPath('site-x.tar.gz')).toBe('/api/backups/site-x.tar.gz');
    expect(siteApi.pageStep('p1', 'publish')).toBe('/api/site/pages/p1/publish');
  });
});

describe('API paths', () => {
  it('fills each parameter of a route pattern in, URL-encoded', () => {
    expect(pathTo(apiPaths.collections.restoreRevision, { name: 'news', id: 'a/b', rev: 'r 1' })).toBe('/api/collections/news/documents/a%2Fb/revisions/r%201/restore');
    expect(pathTo(apiPaths.account.session, { id: 'f?x' })).toBe('/api/account/sessions/f%3Fx');
    expect(pathTo(apiPaths.health, {})).toBe('/api/health');
    // @ts-expect-error: a pattern's parameters are all required
    expect(() => pathTo(apiPaths.users.one, {})).toThrow(':uid');
  });

  it('builds the paths the browser asks for from the routes the server serves', () => {
    expect(editorialApi.publish('news', 'a b')).toBe('/api/collections/news/documents/a%20b/publish');
    expect(editorialApi.revision('news', 'x', 'r/2')).toBe('/api/collections/news/documents/x/revisions/r%2F2');
    expect(editorialApi.restoreFromTrash('t#1')).toBe('/api/trash/t%231/restore');
    expect(mediaApi.one('m/1')).toBe('/api/media/m%2F1');
    expect(mediaApi.replace('m1')).toBe('/api/media/m1/replace');
  });

  it('tells the API’s paths from the rest', () => {
    expect(['/api', '/api/', '/api/health'].map(isApiPath)).toEqual([true, true, true]);
    expect(['/apiary', '/about/api', '/media/x'].map(isApiPath)).toEqual([false, false, false]);
  });
});
