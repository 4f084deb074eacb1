import { describe, expect, it } from 'vitest';
import { linkSchema } from './fields.js';

describe('link fields', () => {
  it.each(['https://example.org/report', 'mailto:info@example.org', '/about', '/events#upcoming'])('accept %s', (v) => {
    expect(linkSchema.safeParse(v).success).toBe(true);
  });
  it.each(['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'ftp://example.org', 'about'])('refuse %s', (v) => {
    expect(linkSchema.safeParse(v).success).toBe(false);
  });
});
