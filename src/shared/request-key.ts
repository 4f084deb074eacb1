/**
 * `Idempotency-Key` on the staff app's conditional writes (those sent with
 * If-Match): one random key per write, sent again unchanged when the write is
 * resent because its answer never came (the instance that had it stopped
 * mid-request, the proxy answered 502). A block remembers the key of the
 * write that made its current version: a resent write the server has already
 * applied is answered with the block as it is, not with a version conflict,
 * and is applied once. Writes without If-Match (creating a block) are not
 * resent: nothing would tell a second copy from the first.
 */
import { z } from 'zod';

/** The header, as Node.js names it (lower case). */
export const requestKeyHeader = 'idempotency-key';

/** A key as the staff app makes it (16 random bytes, base64url: 22 characters) or a UUID: anything from 16 to 64 letters, digits, `-` and `_`. */
export const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'send 16 to 64 letters, digits, "-" or "_"');

/** Answers after which a conditional write is resent with its key: the proxy found no instance to finish it, or the site is briefly unavailable. */
export const resentAfterStatuses: readonly number[] = [502, 503, 504];

/** Waits before each resend (ms): three more tries over about four seconds, the time an instance takes to be left out by the proxy. */
export const resendDelaysMs: readonly number[] = [250, 1000, 2500];
