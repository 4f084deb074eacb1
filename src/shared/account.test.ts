import { describe, expect, it } from 'vitest';
import { describeBrowser, mustEnrolTwoFactor, normaliseCode, twoFactorRequiredFor } from './account.js';

describe('who must use two-factor sign-in', () => {
  it('follows the site setting and the role', () => {
    expect(twoFactorRequiredFor('none', 'super')).toBe(false);
    expect(twoFactorRequiredFor(undefined, 'super')).toBe(false);
    expect(twoFactorRequiredFor('super', 'super')).toBe(true);
    expect(twoFactorRequiredFor('super', 'admin')).toBe(false);
    expect(twoFactorRequiredFor('all', 'admin')).toBe(true);
    expect(twoFactorRequiredFor('all', 'none')).toBe(true);
  });

  it('sends to the account page only those required who have not turned it on', () => {
    expect(mustEnrolTwoFactor({ required: true, enabled: false })).toBe(true);
    expect(mustEnrolTwoFactor({ required: true, enabled: true })).toBe(false);
    expect(mustEnrolTwoFactor({ required: false, enabled: false })).toBe(false);
    expect(mustEnrolTwoFactor(undefined)).toBe(false);
  });
});

describe('codes as typed', () => {
  it('drops spaces and dashes and lower-cases', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('ABCDE-fghjk')).toBe('abcdefghjk');
  });
});

describe('a browser in plain words', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['', 'Unknown browser'],
  ])('%s → %s', (ua, expected) => {
    expect(describeBrowser(ua)).toBe(expected);
  });
});
