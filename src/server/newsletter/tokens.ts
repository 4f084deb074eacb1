/**
 * The newsletter's links: a confirmation link and an unsubscribe link per
 * subscription, each `<subscription id>.<issue>.<HMAC>` under a key derived
 * from the server's secret (as the forms' start time's key is), so nothing is
 * stored to find them by and a changed character finds nothing. `issue` is
 * the id of the issue the mail carried (`-` for none), so an unsubscribe is
 * counted against the issue that caused it. The HMAC is cut to 128 bits, so
 * a link stays under the 100 characters a path parameter may have.
 */
import crypto from 'node:crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe' | 'preview';

function keyOf(secret: string, purpose: LinkPurpose): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'ngo-newsletter', `newsletter-${purpose}-v1`, 32));
}

function macOf(secret: string, purpose: LinkPurpose, subscriptionId: string, issue: string): string {
  return crypto.createHmac('sha256', keyOf(secret, purpose)).update(`${subscriptionId}.${issue}`, 'utf8').digest('base64url').slice(0, 22);
}

export function newsletterToken(secret: string, purpose: LinkPurpose, subscriptionId: string, issueId: string | null = null): string {
  const issue = issueId ?? '-';
  return `${subscriptionId}.${issue}.${macOf(secret, purpose, subscriptionId, issue)}`;
}

/** The subscription and issue a token names, when it was made here for this purpose; null otherwise. */
export function readNewsletterToken(secret: string, purpose: LinkPurpose, token: string): { subscriptionId: string; issueId: string | null } | null {
  const m = /^([0-9a-f-]{36})\.([0-9a-f-]{36}|-)\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const [, subscriptionId, issue, mac] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, purpose, subscriptionId, issue));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return { subscriptionId, issueId: issue === '-' ? null : issue };
}

/** A link to look at an issue as its mail (staff's preview frame): the issue and until when, signed; no sign-in needed, so it lasts an hour. */
export function issuePreviewToken(secret: string, issueId: string, untilMs: number): string {
  const until = String(Math.floor(untilMs));
  return `${issueId}.${until}.${macOf(secret, 'preview', issueId, until)}`;
}

/** The issue a preview link names while it is valid; null otherwise. */
export function readIssuePreviewToken(secret: string, token: string, nowMs = Date.now()): string | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const [, issueId, until, mac] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(macOf(secret, 'preview', issueId, until));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given) || Number(until) < nowMs) return null;
  return issueId;
}
