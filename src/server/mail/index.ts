/** The site's mail: the queue every part of the server hands mail to, over SMTP or into the outbox folder. */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { MailQueue, type MailAddress, type MailQueueOptions } from './queue.js';
import { outboxTransport, smtpTransport } from './transport.js';

export { MailQueue, type MailQueueOptions, type OutgoingMail, type MailAddress, type MailAttachment, type DirectMail } from './queue.js';
export { composeMail, type MailContent } from './compose.js';

/** Where mail is written when no SMTP_URL is set. */
export function outboxDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/** The sender's address: MAIL_FROM, or no-reply@ the public URL's host. */
export function senderAddress(config: Pick<AppConfig, 'mailFrom' | 'publicUrl'>): string {
  return config.mailFrom ?? `no-reply@${new URL(config.publicUrl).hostname}`;
}


/** The organisation's name as the settings hold it now (settings/service.ts). */
export type OrganisationName = () => Promise<string>;

export function createMailQueue(config: AppConfig, db: Db, organisationName: OrganisationName, log: FastifyBaseLogger, options: MailQueueOptions = {}): MailQueue {
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, { allowPlaintextAuth: config.smtpAllowPlaintextAuth }) : outboxTransport(outboxDir(config));
  const address = senderAddress(config);
  // Mail speaks in the organisation's name as it is when the mail leaves.
  const from = async (): Promise<MailAddress> => ({ name: await organisationName(), address });
  const dkim = config.dkim ? { domainName: address.split('@')[1] ?? '', keySelector: config.dkim.selector, privateKey: config.dkim.privateKey } : undefined;
  return new MailQueue(db, transport, from, log.child({ component: 'mail' }), { ...options, ...(dkim ? { dkim } : {}) });
}
