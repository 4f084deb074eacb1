/**
 * The audit chain's key: HKDF of AUTH_SECRET with its own purpose label, so
 * someone who can write to the database but does not know the secret cannot
 * recompute a line's hash. It rides on the Kysely instance as a plugin that
 * changes no query: `appendAudit` is handed the caller's transaction (the
 * change and its line land together), and a transaction keeps the plugins of
 * the database it came from, so every caller's connection carries the key
 * without being handed it.
 */
import crypto from 'node:crypto';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export class AuditKey implements KyselyPlugin {
  /** The derived key; never AUTH_SECRET itself. */
  readonly key: Buffer;

  constructor(authSecret: string) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', authSecret, 'ngo-audit-log', 'audit-chain-v1', 32));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** The chain key a connection carries, or null when its database was opened without AUTH_SECRET. */
export function auditKeyOf<DB>(db: Kysely<DB>): Buffer | null {
  const plugin = db.getExecutor().plugins.find((p): p is AuditKey => p instanceof AuditKey);
  return plugin?.key ?? null;
}
