import { describe, expect, it } from 'vitest';
import { messageByCode } from '../../../shared/errors.js';
import { twoFactorLockedReason } from '../../../shared/two-factor.js';
import { ApiError } from '../../api-client.js';
import { signInErrorMessage } from './login-route.js';

describe('what a refused sign-in says', () => {
  it("shows the server's words when two-factor sign-in is locked (they say who can undo it), the catalogue's otherwise", () => {
    const locked = new ApiError('permission-denied', 'Two-factor sign-in of this account is stopped. A super-admin must reset it.', 403, undefined, undefined, { reason: twoFactorLockedReason });
    expect(signInErrorMessage(locked)).toBe('Two-factor sign-in of this account is stopped. A super-admin must reset it.');
    expect(signInErrorMessage(new ApiError('permission-denied', 'anything', 403))).toBe(messageByCode['permission-denied']);
  });
});
