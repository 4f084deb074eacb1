/**
 * Two-factor set-up over HTTP: `POST /api/auth/second-factor/setup` (a pending
 * secret with its QR code), `/enable` (a code confirms it; the answer holds the
 * ten recovery codes, once), `DELETE /api/auth/second-factor` (confirmed with a
 * code or the password) and the super-admin's reset of a colleague's,
 * `DELETE /api/users/:uid/second-factor`. Secrets, codes and passwords never
 * reach the log.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { disableTwoFactorBody, enableTwoFactorBody, type RecoveryCodesAnswer, type TwoFactorSetup } from '../../../shared/account.js';
import { AppError } from '../../../shared/errors.js';
import { authorize } from '../../authorize.js';
import { parseRequest as parse } from '../../plugins/errors.js';
import { ThrottledError, type AuthService } from '../sessions/service.js';
import { requireCaller } from '../principal.js';
import { findUserById } from '../accounts/repository.js';
import { apiPaths } from '../../../shared/api-paths.js';


const uidParams = z.object({ uid: z.string().min(1).max(100) });

export async function twoFactorRoutes(app: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  const { db } = app.services;

  app.post(apiPaths.auth.secondFactorSetup, async (request, reply): Promise<TwoFactorSetup> => {
    const principal = await requireCaller(request);
    const setup = await auth.twoFactor.setup(principal);
    request.log.info({ uid: principal.uid }, 'two-factor set-up started');
    reply.header('cache-control', 'no-store');
    return setup;
  });

  app.post(apiPaths.auth.secondFactorEnable, async (request, reply): Promise<RecoveryCodesAnswer> => {
    const principal = await requireCaller(request);
    const { code, password } = parse(enableTwoFactorBody, request.body);
    const user = await findUserById(db.kysely, principal.uid);
    if (!user) throw new AppError('auth/user-token-expired');
    // A stolen idToken alone cannot tie the account to an attacker's authenticator.
    try {
      await auth.confirmPassword(user, password, request.ip, request.log, 'password');
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    const recoveryCodes = await auth.twoFactor.enable(principal, code, {
      action: 'user.update',
      actor: { uid: principal.uid },
      subjectId: principal.uid,
      subject: `${principal.email}: two-factor sign-in turned on`,
      ip: request.ip,
    });
    request.log.info({ uid: principal.uid }, 'two-factor sign-in turned on');
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });

  app.delete(apiPaths.auth.secondFactor, async (request, reply) => {
    const principal = await requireCaller(request);
    const body = parse(disableTwoFactorBody, request.body);
    const user = await findUserById(db.kysely, principal.uid);
    if (!user) throw new AppError('auth/user-token-expired');
    try {
      if ('password' in body) await auth.confirmPassword(user, body.password, request.ip, request.log, 'password');
      else await auth.confirmSecondFactor(user, body.code, request.ip, request.log);
    } catch (err) {
      if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    const off = await auth.twoFactor.disable(user.id, {
      action: 'user.update',
      actor: { uid: user.id },
      subjectId: user.id,
      subject: `${user.email}: two-factor sign-in turned off`,
      ip: request.ip,
    });
    if (off) request.log.info({ uid: user.id }, 'two-factor sign-in turned off');
    return reply.status(204).send();
  });

  // A colleague who lost their phone and their recovery codes: a super-admin turns their second factor off.
  app.delete(apiPaths.users.secondFactor, async (request, reply) => {
    authorize(request.principal, 'update', { type: 'users' });
    const { uid } = parse(uidParams, request.params);
    // One's own second factor goes off only with a code or the password (DELETE /api/auth/second-factor), so a stolen token cannot drop it.
    if (uid === request.principal?.uid) {
      throw new AppError('failed-precondition', 'Turn your own two-factor sign-in off from your account screen, with a code or your password.');
    }
    const colleague = await findUserById(db.kysely, uid);
    if (!colleague) throw new AppError('not-found', 'There is no such user.');
    const removed = await auth.twoFactor.disable(uid, {
      action: 'user.two-factor-reset',
      actor: request.principal ? { uid: request.principal.uid } : null,
      subjectId: uid,
      subject: colleague.email,
      ip: request.ip,
    });
    request.log.info({ uid, by: request.principal?.uid, wasOn: removed }, 'two-factor sign-in reset by a super-admin');
    return reply.status(204).send();
  });
}
