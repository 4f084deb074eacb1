import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passwordLength, passwordPolicy, passwordProblem } from '../src/shared/password-policy.js';
import { assertAcceptablePassword, isCommonPassword, serverPasswordProblem } from '../src/server/auth/common-passwords.js';
import { AppError } from '../src/shared/errors.js';

describe('password policy (shared by the staff app and the server)', () => {
  it('counts characters as people do, so an emoji or an accented letter is one', () => {
    expect(passwordLength('ééééééé')).toBe(7);
    expect(passwordLength('🔒🔒🔒🔒🔒🔒🔒🔒')).toBe(8);
    expect(passwordProblem('🔒🔒🔒🔒🔒🔒🔒')).toMatch(/at least 8/);
    expect(passwordProblem('🔒🔒🔒🔒🔒🔒🔒🔒')).toBeNull();
  });

  it('enforces the length bounds of the default policy and nothing else', () => {
    expect(passwordProblem('1234567')).toMatch(/at least 8 characters/);
    expect(passwordProblem('abcdefgh')).toBeNull();
    expect(passwordProblem('a'.repeat(4096))).toBeNull();
    expect(passwordProblem('a'.repeat(4097))).toMatch(/at most 4096 characters/);
  });

  it('enforces each optional character class when a policy asks for it', () => {
    const strict = { ...passwordPolicy, requireLowercase: true, requireUppercase: true, requireNumeric: true, requireNonAlphanumeric: true };
    expect(passwordProblem('ABCDEFG1!', strict)).toMatch(/lower-case/);
    expect(passwordProblem('abcdefg1!', strict)).toMatch(/upper-case/);
    expect(passwordProblem('Abcdefgh!', strict)).toMatch(/digit/);
    expect(passwordProblem('Abcdefgh1', strict)).toMatch(/neither a letter nor a digit/);
    expect(passwordProblem('Ábcdefg1 ', strict)).toBeNull();
  });
});

describe('common passwords (server only)', () => {
  it('recognises common passwords whatever their case, and not an unusual phrase', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('Sunshine')).toBe(true);
    expect(await isCommonPassword('violet tractor under the mango tree')).toBe(false);
  });

  it('refuses with auth/weak-password naming the field password', async () => {
    expect(await serverPasswordProblem('football1')).toMatch(/most commonly used/);
    const err = await assertAcceptablePassword('12345678').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toBody()).toMatchObject({ error: { code: 'auth/weak-password', field: 'password' } });
    await expect(assertAcceptablePassword('violet tractor under the mango tree')).resolves.toBeUndefined();
  });
});

describe('the browser bundle', () => {
  it('does not carry the common-password list (the global set-up builds dist/client first)', () => {
    const dir = path.resolve(__dirname, '../dist/client');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      // The start of the list as @zxcvbn-ts/language-common stores it.
      expect(text.includes('123456ApasswordA12345678'), f).toBe(false);
    }
  });
});
