/**
 * A browser tests' site that sends mail to a real SMTP server started in the
 * test (test/helpers/smtp.ts): the server first (hooks run in order, and the
 * site sends to it from its first mail), on a port chosen before the site
 * starts, since SMTP_URL is part of the site's environment.
 */
import { afterAll, beforeAll } from 'vitest';
import { freePort, type StartOptions } from '../../test/support/built-server.js';
import { smtpPassword, smtpUser, startSmtp, type TestSmtp } from '../../test/helpers/smtp.js';
import { setUpSite, type Site } from './fixture.js';

export async function setUpSiteWithMailbox(options: StartOptions = {}): Promise<{ site: Site; mailbox: () => TestSmtp }> {
  const port = await freePort();
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp(port);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const site = setUpSite({ ...options, env: { ...options.env, SMTP_URL: `smtp://${smtpUser}:${smtpPassword}@127.0.0.1:${port}` } });
  return {
    site,
    mailbox: () => {
      if (!smtp) throw new Error('the mailbox is used before its server has started');
      return smtp;
    },
  };
}
