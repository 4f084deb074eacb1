/**
 * The audit log for readers (super-admins): a page of lines with the total,
 * or every line matching the same filters as CSV text. Each answer is checked
 * against the policy before the query is read. Lines are appended by the
 * services whose changes they record (`appendAudit` in repository.ts), inside
 * the change's own transaction.
 */
import { auditQuerySchema, type AuditAnswer, type AuditQuery } from '../../shared/editorial.js';
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import { authorize } from '../authorize.js';
import { parseRequest as parse } from '../plugins/errors.js';
import type { Services } from '../services.js';
import { auditCsv } from './csv.js';
import { eachAuditLine, listAudit, toAuditEntry } from './repository.js';

const audit = { type: 'audit' } as const;

export class AuditService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db.kysely;
  }

  /** The query, checked: zod's shape, and a period that ends after it starts. */
  private query(principal: Principal | null, raw: unknown): AuditQuery {
    authorize(principal, 'read', audit);
    const query = parse(auditQuerySchema, raw);
    if (query.from && query.to && query.to < query.from) {
      const message = 'The end date is before the start date.';
      throw new AppError('invalid-argument', `to: ${message}`, { field: 'to', fields: { to: message } });
    }
    return query;
  }

  /** A page of lines matching the filters, newest first, with how many match in all. */
  async list(principal: Principal | null, rawQuery: unknown): Promise<AuditAnswer> {
    const query = this.query(principal, rawQuery);
    const { rows, total } = await listAudit(this.db, query);
    return { entries: rows.map(toAuditEntry), total };
  }

  /**
   * Every line matching the filters (the page is ignored) as CSV text. The
   * check and the query come first; the log is read only as the text is.
   */
  csv(principal: Principal | null, rawQuery: unknown): AsyncIterable<string> {
    const { limit: _limit, offset: _offset, ...filters } = this.query(principal, rawQuery);
    return auditCsv(eachAuditLine(this.db, filters));
  }
}
