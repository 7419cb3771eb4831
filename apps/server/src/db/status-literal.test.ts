import { PAY_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { codes, words } from './status-literal';

const dialect = new PgDialect();

describe('status codes in SQL text', () => {
  it('writes one code or a list as literals, binding no parameter', () => {
    const query = dialect.sqlToQuery(
      sql`select 1 where pay_status in (${codes(PAY_STATUS.AWAITING_PAYMENT, PAY_STATUS.PAID)}) or pay_status = ${codes(PAY_STATUS.REFUNDING)}`,
    );
    expect(query.sql).toBe('select 1 where pay_status in (1, 3) or pay_status = 4');
    expect(query.params).toEqual([]);
  });

  it('refuses anything but integers', () => {
    expect(() => codes()).toThrow(TypeError);
    expect(() => codes(1.5)).toThrow(TypeError);
    expect(() => codes(Number.NaN)).toThrow(TypeError);
  });

  it('writes word statuses as quoted literals, refusing anything that would need escaping', () => {
    const query = dialect.sqlToQuery(
      sql`select 1 where sale_status = ${words(ROOM_SALE_STATUS.AVAILABLE)} or sale_status in (${words(ROOM_SALE_STATUS.PAYING, ROOM_SALE_STATUS.LOCKED)})`,
    );
    expect(query.sql).toBe(
      "select 1 where sale_status = 'green' or sale_status in ('yellow', 'blue')",
    );
    expect(query.params).toEqual([]);
    expect(() => words()).toThrow(TypeError);
    expect(() => words("green' or '1")).toThrow(TypeError);
  });
});
