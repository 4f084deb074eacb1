/**
 * Read your own writes on the public site: a write through the API (any
 * POST, PUT, PATCH or DELETE under /api, except sign-in and its kin) answers
 * once the caches that follow the change bus have caught up with it, at most
 * `maxWaitMs` later. The rendered-page cache serves visitors the previous
 * version while it renders the new one (render/page-cache.ts); the editor who
 * made the change waits for that render instead, so the page they open next
 * already shows it. Visitors never wait for edits; only the writer does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { apiPrefix, authApiPrefix } from '../../shared/api-paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Caches that a write's answer waits for (site/routes.ts adds the rendered pages). */
    afterWrites: AfterWrites;
  }
}

/** A cache's wait: null when it has nothing in hand, else a promise that settles when it has caught up. */
export type CatchUp = () => Promise<void> | null;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which routes are writes whose answer waits: the API's, not sign-in, refresh and sign-out (they change no content). */
export function isWrite(route: Pick<RouteOptions, 'method' | 'url'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((m) => writeMethods.has(m)) && route.url.startsWith(`${apiPrefix}/`) && !route.url.startsWith(`${authApiPrefix}/`);
}

export class AfterWrites {
  private readonly caches: CatchUp[] = [];

  constructor(readonly maxWaitMs = 3000) {}

  add(catchUp: CatchUp): void {
    this.caches.push(catchUp);
  }

  /** Null when no cache has anything in hand (the answer goes out at once). */
  caughtUp(): Promise<void> | null {
    const waits = this.caches.map((c) => c()).filter((w): w is Promise<void> => w !== null);
    if (waits.length === 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.maxWaitMs);
      timer.unref();
    });
    return Promise.race([Promise.all(waits).then(() => undefined), limit]).finally(() => clearTimeout(timer));
  }

  /** Decorates the app and adds the wait to every write route declared from now on. */
  register(app: FastifyInstance): void {
    app.decorate<AfterWrites>('afterWrites', this as AfterWrites);
    const wait: onSendHookHandler = (_request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
      const pending = this.caughtUp();
      if (!pending) return done(null, payload);
      pending.then(() => done(null, payload), done);
    };
    app.addHook('onRoute', (route) => {
      if (!isWrite(route)) return;
      const existing = route.onSend;
      route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), wait] : [wait];
    });
  }
}
