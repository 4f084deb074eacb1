/** idTokens: short-lived JWTs (HS256) carrying the admin and super claims. */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Claims } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';

export interface IdTokenPayload {
  uid: string;
  email: string;
  claims: Claims;
  /** The session (refresh-token family) the token was issued for; absent on tokens made outside a sign-in. */
  sid?: string | undefined;
}

export interface VerifiedIdToken extends IdTokenPayload {
  /** When the token was issued, in seconds since the epoch. */
  issuedAt: number;
}

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
    return new SignJWT({ email: p.email, admin: p.claims.admin, super: p.claims.super, ...(p.sid ? { sid: p.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(p.uid)
      .setIssuer(this.issuer)
      .setAudience('staff')
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies an idToken; an expired one is auth/user-token-expired, anything else unauthenticated. */
  async verify(token: string): Promise<VerifiedIdToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, audience: 'staff', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new AppError('unauthenticated');
      return {
        uid: payload.sub,
        email: payload.email,
        claims: { admin: payload.admin === true, super: payload.super === true },
        issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new AppError('auth/user-token-expired');
      if (err instanceof AppError) throw err;
      throw new AppError('unauthenticated', 'The sign-in token is not valid. Please sign in again.');
    }
  }
}
