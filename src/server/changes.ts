/**
 * The change bus: content, media and settings writes announce themselves here
 * so caches (rendered pages, page bundles) can drop what is stale. On
 * PostgreSQL the announcement also travels to every other instance through
 * LISTEN/NOTIFY.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';

export type ChangeEvent =
  | { type: 'documents'; collection: string }
  | { type: 'settings' }
  | { type: 'media'; id: string };

const CHANNEL = 'site_changes';

export class ChangeBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.PoolClient | null = null;
  private readonly instanceId = Math.random().toString(36).slice(2);

  constructor(private readonly pool: pg.Pool | null) {
    this.emitter.setMaxListeners(100);
  }

  /** Starts listening for other instances' changes (PostgreSQL only). */
  async start(): Promise<void> {
    if (!this.pool || this.listener) return;
    const client = await this.pool.connect();
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { from, event } = JSON.parse(msg.payload) as { from: string; event: ChangeEvent };
        if (from !== this.instanceId) this.emitter.emit('change', event);
      } catch {
        // A malformed notification is not ours; ignore it.
      }
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  publish(event: ChangeEvent): void {
    this.emitter.emit('change', event);
    if (this.pool) {
      const payload = JSON.stringify({ from: this.instanceId, event });
      this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch(() => {
        // Other instances then refresh on their own cache expiry; this one is already current.
      });
    }
  }

  subscribe(fn: (event: ChangeEvent) => void): () => void {
    this.emitter.on('change', fn);
    return () => this.emitter.off('change', fn);
  }

  async stop(): Promise<void> {
    if (this.listener) {
      const client = this.listener;
      this.listener = null;
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
