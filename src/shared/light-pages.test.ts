import { describe, expect, it } from 'vitest';
import { lightPagesBack, lightPagesLink, lightPagesSetCookie, wantsLightPages } from './light-pages.js';
import { reservedPathReason } from './site-structure.js';

describe('light pages', () => {
  it('are asked for by Save-Data: on, in any case, with or without parameters', () => {
    expect(wantsLightPages('on', undefined, false)).toBe(true);
    expect(wantsLightPages(' On ', undefined, false)).toBe(true);
    expect(wantsLightPages('on; reason=metered', undefined, false)).toBe(true);
    expect(wantsLightPages('off', undefined, false)).toBe(false);
    expect(wantsLightPages('onward', undefined, false)).toBe(false);
    expect(wantsLightPages(undefined, undefined, false)).toBe(false);
  });

  it('follow the visitor’s own choice in the cookie over the header', () => {
    expect(wantsLightPages(undefined, 'light=1', false)).toBe(true);
    expect(wantsLightPages(undefined, 'session=abc; light=1; theme=dark', false)).toBe(true);
    expect(wantsLightPages('on', 'light=0', false)).toBe(false);
    // Another cookie whose name merely contains the word is no choice.
    expect(wantsLightPages(undefined, 'highlight=1', false)).toBe(false);
    expect(wantsLightPages('on', 'highlight=0', false)).toBe(true);
    expect(wantsLightPages(undefined, 'light=yes', false)).toBe(false);
  });

  it('on an https site, are chosen by the __Host- cookie only, set Secure on Path=/ with no Domain', () => {
    expect(lightPagesSetCookie(true, true)).toMatch(/^__Host-light=1; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(lightPagesSetCookie(false, false)).toMatch(/^light=0; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(wantsLightPages(undefined, '__Host-light=1', true)).toBe(true);
    expect(wantsLightPages('on', '__Host-light=0', true)).toBe(false);
    expect(wantsLightPages(undefined, 'light=1', true)).toBe(false);
  });

  it('switch by a link that comes back to the page, never to another site', () => {
    expect(lightPagesLink(true, '/sw/kuhusu')).toBe('/light-pages?on&back=%2Fsw%2Fkuhusu');
    expect(lightPagesLink(false, '/')).toBe('/light-pages?off&back=%2F');
    expect(lightPagesBack('/about')).toBe('/about');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'about', '', undefined, ['/about'], '/a\r\nSet-Cookie: x=1', '/你好', '/a b']) {
      expect(lightPagesBack(bad), String(bad)).toBe('/');
    }
  });

  it('keep their switch out of page addresses', () => {
    expect(reservedPathReason('/light-pages')).toMatch(/server/);
    expect(reservedPathReason('/light-pages-guide')).toBeNull();
  });
});
