/**
 * idTokens: short-lived JWTs (HS256) carrying the admin and super claims, the
 * session (refresh-token family) they were issued for and the account's token
 * epoch. principalOf (auth-service.ts) refuses one whose session has ended or
 * whose epoch is no longer the account's.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Claims } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';

export interface IdTokenPayload {
  uid: string;
  email: string;
  claims: Claims;
  /** The session (refresh-token family) the token was issued for. */
  sid: string;
  /** The account's token epoch when the token was issued (users.token_epoch). */
  epoch: string;
}


/** What a caller whose session ended is told (the staff app then tries its refresh cookie once, and signs out if that fails too). */
export const sessionEnded = 'This session has ended. Please sign in again.';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  async sign(p: IdTokenPayload): Promise<string> {
    return new SignJWT({ email: p.email, admin: p.claims.admin, super: p.claims.super, sid: p.sid, ep: p.epoch })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(p.uid)
      .setIssuer(this.issuer)
      .setAudience('staff')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies an idToken; an expired one is auth/user-token-expired, anything else unauthenticated. */
  async verify(token: string): Promise<IdTokenPayload> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, audience: 'staff', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new AppError('unauthenticated');
      // A token of no session (or from before sessions and epochs were carried): the app renews it through its refresh cookie.
      if (typeof payload.sid !== 'string' || typeof payload.ep !== 'string') throw new AppError('auth/user-token-expired', sessionEnded);
      return {
        uid: payload.sub,
        email: payload.email,
        claims: { admin: payload.admin === true, super: payload.super === true },
        sid: payload.sid,
        epoch: payload.ep,
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new AppError('auth/user-token-expired');
      if (err instanceof AppError) throw err;
      throw new AppError('unauthenticated', 'The sign-in token is not valid. Please sign in again.');
    }
  }
}
