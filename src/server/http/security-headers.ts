/**
 * The security headers of every answer, declared once and computed once at
 * start-up: the Content-Security-Policy is one static string, the rest a
 * fixed table (the set helmet sends by default, which this replaces because
 * @fastify/helmet built and parsed the whole policy again for every request).
 * One synchronous hook copies the table onto each reply; routes that serve
 * other people's bytes (media) narrow it further themselves.
 *
 * No CSP nonces: public pages carry no inline script (route data is a JSON
 * block), so every visitor gets the same cacheable HTML, and Mantine's
 * <style> tags in the staff app stay allowed by style-src 'unsafe-inline'.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppConfig } from '../config.js';

/** The policy's directives, in the order they are sent. `https` marks those sent only behind https. */
const directives: readonly (readonly [name: string, value: string, when?: 'https'])[] = [
  ['default-src', "'self'"],
  // No page sets a <base>: none may (ASVS 3.4.3).
  ['base-uri', "'none'"],
  ['font-src', "'self' data:"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
  ['img-src', "'self' data: blob:"],
  ['object-src', "'none'"],
  ['script-src', "'self'"],
  // No inline event handlers (onclick="…"), even from our own markup.
  ['script-src-attr', "'none'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['upgrade-insecure-requests', '', 'https'],
  ['connect-src', "'self'"],
];

export type HeaderTable = Readonly<Record<string, string>>;

/**
 * The policy as sent. `framedBySelf`: the site's own pages may frame the answer
 * (a preview, shown beside the page editor); every other answer frames nowhere.
 */
export function contentSecurityPolicy(https: boolean, framedBySelf = false): string {
  return directives
    .filter(([, , when]) => when !== 'https' || https)
    .map(([name, value]) => (name === 'frame-ancestors' && framedBySelf ? [name, "'self'"] : [name, value]))
    .map(([name, value]) => (value ? `${name} ${value}` : name))
    .join(';');
}

/** Every header, lower-case names as Fastify keeps them. */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl'>): HeaderTable {
  const https = config.publicUrl.startsWith('https:');
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(https),
    // Our pages in their own browsing context group: no window.opener from other sites.
    'cross-origin-opener-policy': 'same-origin',
    // Only our own pages may embed our answers (media widens this to cross-origin).
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor did more harm than good; 0 turns it off where it still exists.
    'x-xss-protection': '0',
  });
}

/** One synchronous onRequest hook for the whole server (error and not-found answers included). */
export function registerSecurityHeaders(app: FastifyInstance, table: HeaderTable): void {
  app.addHook('onRequest', function setSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    reply.headers(table);
    done();
  });
}
