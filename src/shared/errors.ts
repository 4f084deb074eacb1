/**
 * The error catalogue (docs/spec-conformance.md, "Error catalogue"): every code the product answers with,
 * its HTTP status and the sentence staff read. One place maps codes to statuses
 * and to messages; the server and the browser both use it.
 */

export const databaseErrorCodes = [
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'unauthenticated',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'cancelled',
  'unknown',
] as const;

export const identityErrorCodes = [
  'auth/invalid-email',
  'auth/wrong-password',
  'auth/email-already-in-use',
  'auth/user-not-found',
  'auth/too-many-requests',
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/requires-recent-login',
  'auth/user-token-expired',
  'auth/user-disabled',
  'auth/network-request-failed',
  'auth/multi-factor-auth-required',
  'auth/missing-recaptcha-token',
  'auth/credential-already-in-use',
  'auth/popup-blocked',
  'auth/unauthorized-domain',
  'auth/user-mismatch',
  // Ours: one answer for a wrong password and an unknown e-mail (no account enumeration).
  'auth/invalid-credential',
  // Ours: a password the policy refuses.
  'auth/weak-password',
] as const;

export type DatabaseErrorCode = (typeof databaseErrorCodes)[number];
export type IdentityErrorCode = (typeof identityErrorCodes)[number];
export type ErrorCode = DatabaseErrorCode | IdentityErrorCode;

/** HTTP status per code. The first eleven are the specified mapping as written. */
export const httpStatusByCode: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
  // Not mapped by the specification; chosen to match the meaning of each code.
  'already-exists': 409,
  'failed-precondition': 412,
  'out-of-range': 400,
  'data-loss': 500,
  unknown: 500,
  'auth/invalid-email': 400,
  'auth/wrong-password': 401,
  'auth/email-already-in-use': 409,
  'auth/user-not-found': 404,
  'auth/too-many-requests': 429,
  'auth/expired-action-code': 400,
  'auth/invalid-action-code': 400,
  'auth/requires-recent-login': 401,
  'auth/user-token-expired': 401,
  'auth/user-disabled': 403,
  'auth/network-request-failed': 503,
  'auth/multi-factor-auth-required': 401,
  'auth/missing-recaptcha-token': 400,
  'auth/credential-already-in-use': 409,
  'auth/popup-blocked': 400,
  'auth/unauthorized-domain': 403,
  'auth/user-mismatch': 400,
  'auth/invalid-credential': 401,
  'auth/weak-password': 400,
};

/** What staff read when a call fails with a code (plain words, no jargon). */
export const messageByCode: Record<ErrorCode, string> = {
  'invalid-argument': 'Some of the information is not valid. Check the highlighted fields.',
  'deadline-exceeded': 'The server took too long to answer. Try again.',
  'not-found': 'This item no longer exists. It may have been deleted.',
  'already-exists': 'This already exists.',
  'permission-denied': 'You do not have permission to do this.',
  unauthenticated: 'Please sign in to continue.',
  'resource-exhausted': 'Too many requests. Wait a moment and try again.',
  'failed-precondition': 'This cannot be done while something still depends on it.',
  aborted: 'Someone else changed this while you were editing it.',
  'out-of-range': 'A value is out of the allowed range.',
  unimplemented: 'This is not available.',
  internal: 'Something went wrong on the server. Try again; if it keeps happening, tell your administrator.',
  unavailable: 'The server cannot be reached right now. Check your connection and try again.',
  'data-loss': 'Stored data could not be read.',
  cancelled: 'The request was cancelled.',
  unknown: 'Something unexpected happened. Try again.',
  'auth/invalid-email': 'That e-mail address does not look right.',
  'auth/wrong-password': 'The e-mail address or password is not correct.',
  'auth/email-already-in-use': 'An account with this e-mail address already exists.',
  'auth/user-not-found': 'There is no account with this e-mail address.',
  'auth/too-many-requests': 'Too many attempts. Wait a little and try again.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is not valid. It may already have been used.',
  'auth/requires-recent-login': 'For your security, sign in again to do this.',
  'auth/user-token-expired': 'Your session has ended. Please sign in again.',
  'auth/user-disabled': 'This account has been disabled. Contact your administrator.',
  'auth/network-request-failed': 'The server cannot be reached. Check your connection.',
  'auth/multi-factor-auth-required': 'A second sign-in step is required.',
  'auth/missing-recaptcha-token': 'The security check is missing. Reload the page and try again.',
  'auth/credential-already-in-use': 'These credentials are already linked to another account.',
  'auth/popup-blocked': 'The sign-in window was blocked by the browser.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address.',
  'auth/user-mismatch': 'These credentials belong to a different account.',
  'auth/invalid-credential': 'The e-mail address or password is not correct.',
  'auth/weak-password': 'This password does not meet the password rules.',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(httpStatusByCode, value);
}

/** The body of every error answer: `{ "error": { "code", "message", "field"? } }`. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** The field a validation error is about, as a dotted path (`image.alt`). */
    field?: string;
    /** Per-field messages for forms. */
    fields?: Record<string, string>;
    /** Extra facts, e.g. the blocks that still use a medium. */
    details?: unknown;
  };
}

/** An error that becomes an HTTP answer with the catalogue's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly details: unknown;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { field?: string; fields?: Record<string, string>; details?: unknown; status?: number } = {},
  ) {
    super(message ?? messageByCode[code]);
    this.name = 'AppError';
    this.code = code;
    // A few answers need a more precise status than the code's (413 for an oversize upload).
    this.status = extra.status ?? httpStatusByCode[code];
    this.field = extra.field;
    this.fields = extra.fields;
    this.details = extra.details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message } };
    if (this.field !== undefined) body.error.field = this.field;
    if (this.fields !== undefined) body.error.fields = this.fields;
    if (this.details !== undefined) body.error.details = this.details;
    return body;
  }
}
