/**
 * The first super-admin: when BOOTSTRAP_SUPER_EMAIL and BOOTSTRAP_SUPER_PASSWORD
 * are set and the database holds no user at all, that account is created.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import { passwordLength, passwordPolicy } from '../../../shared/password-policy.js';
import type { Services } from '../../services.js';
import { countUsers, createAccount, normaliseEmail } from './accounts.js';
import { isCommonPassword } from '../common-passwords.js';

export async function ensureBootstrapSuper(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { bootstrapSuperEmail, bootstrapSuperPassword } = services.config;
  if (!bootstrapSuperEmail || !bootstrapSuperPassword) return;
  if ((await countUsers(services.db.kysely)) > 0) return;
  const length = passwordLength(bootstrapSuperPassword);
  // A refused password is a configuration error: starting without the account the operator asked for would leave no way in.
  if (length < passwordPolicy.minLength || length > passwordPolicy.maxLength) {
    throw new Error(
      `BOOTSTRAP_SUPER_PASSWORD must be between ${passwordPolicy.minLength} and ${passwordPolicy.maxLength} characters long.`,
    );
  }
  const email = normaliseEmail(bootstrapSuperEmail);
  try {
    const user = await createAccount(
      services.db.kysely,
      { email, password: bootstrapSuperPassword, role: 'super' },
      { skipCommonCheck: true, audit: { actor: null, how: 'from BOOTSTRAP_SUPER_EMAIL' } },
    );
    log.info({ uid: user.uid, email: user.email }, 'created the first super-admin from BOOTSTRAP_SUPER_EMAIL');
    if (await isCommonPassword(bootstrapSuperPassword)) {
      log.warn({ uid: user.uid }, 'the bootstrap super-admin password is a commonly used one: change it after signing in');
    }
  } catch (err) {
    // Another instance starting at the same moment created it first.
    if (err instanceof AppError && err.code === 'auth/email-already-in-use') return;
    throw err;
  }
}
