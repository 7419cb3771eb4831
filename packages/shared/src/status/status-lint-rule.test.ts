import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { STATUS_RESTRICTIONS } from '../../../../scripts/eslint-status-rule.mjs';

/** Lints one snippet of TypeScript with the repository's status rules only. */
function violations(code: string): number[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        rules: { 'no-restricted-syntax': ['error', ...STATUS_RESTRICTIONS] },
      },
    ],
    'fixture.ts',
  );
  return messages.map((message) => {
    expect(message.ruleId).toBe('no-restricted-syntax');
    return message.line;
  });
}

describe('the rule against comparing status fields with bare numbers', () => {
  it.each([
    ['order.payStatus === 3'],
    ['row.status !== 1'],
    ['3 === project.publishStatus'],
    ['article.newsState >= 2'],
    ['order.refundStatus > 1'],
    ['status === 0'],
    ['saleStatus != 2'],
    ['eq(projects.publishStatus, 3)'],
    ['ne(orders.payStatus, 1)'],
    ['inArray(orders.payStatus, [1, 4])'],
    // The member behind optional chaining is wrapped in a chain expression.
    ['projectById.get(id)?.publishStatus === 3'],
    ['order?.payStatus !== 1'],
    ['2 === listing?.auditStatus'],
    ['rows[0]?.detail.refundStatus > 1'],
  ])('refuses %s', (expression) => {
    // One report at least, all on the snippet's line (inArray reports each number).
    expect([...new Set(violations(`export const x = ${expression};\n`))]).toEqual([1]);
  });

  it('refuses a switch over a status field with numeric cases', () => {
    const code = 'switch (order.payStatus) {\n  case 1:\n    break;\n  default:\n}\n';
    expect(violations(code)).toEqual([2]);
  });

  it.each([
    ['order.payStatus === PAY_STATUS.PAID'],
    ['eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED)'],
    ['inArray(orders.payStatus, [PAY_STATUS.AWAITING_PAYMENT])'],
    ["eq(payments.status, 'paid')"],
    ['response.status === 404'],
    ['socket.readyState === 1'],
    ['order.lockMoney === 3'],
    ['items.length > 1'],
    ['projectById.get(id)?.publishStatus === PROJECT_STATUS.PUBLISHED'],
    ['response?.status === 404'],
    ['order?.lockMoney === 3'],
  ])('lets %s pass', (expression) => {
    expect(violations(`export const x = ${expression};\n`)).toEqual([]);
  });
});

describe('the rule against the product word statuses written as bare strings', () => {
  it.each([
    ["room.saleStatus === 'green'"],
    ["house.saleStatus !== 'gray'"],
    ["'yellow' === row.saleStatus"],
    ["saleStatus === 'blue'"],
    ["room.color === 'yellow'"],
    ["row.state === 'pending'"],
    ["item.state !== 'replied'"],
    ["report.status === 'open'"],
    ["result.status === 'revoked'"],
    ["eq(rooms.saleStatus, 'green')"],
    ["eq(feedback.state, 'pending')"],
    ["eq(chatReports.status, 'upheld')"],
    ["inArray(rooms.saleStatus, ['green', 'gray'])"],
    ["{ saleStatus: 'yellow' }"],
    ["{ saleStatus: sold ? 'gray' : 'green' }"],
    ["{ state: 'replied' }"],
    ["{ status: isValid ? 'valid' : 'revoked' }"],
    ["{ color: 'green' }"],
    ["roomById.get(id)?.saleStatus === 'green'"],
    ["'gray' !== room?.saleStatus"],
    ["row?.state === 'pending'"],
    ["cell?.color === 'yellow'"],
    ["reports[0]?.status === 'open'"],
  ])('refuses %s', (expression) => {
    expect([...new Set(violations(`export const x = ${expression};\n`))]).toEqual([1]);
  });

  it('refuses a bare word written into a room and a switch over the colour', () => {
    expect(violations("room.saleStatus = 'blue';\n")).toEqual([1]);
    const code = "switch (room.color) {\n  case 'green':\n    break;\n  default:\n}\n";
    expect(violations(code)).toEqual([2]);
  });

  it.each([
    ['room.saleStatus === ROOM_SALE_STATUS.AVAILABLE'],
    ['eq(rooms.saleStatus, ROOM_SALE_STATUS.PAYING)'],
    ['row.state === FEEDBACK_STATUS.PENDING'],
    ['report.status === LISTING_REPORT_STATUS.OPEN'],
    ['{ saleStatus: ROOM_SALE_STATUS.LOCKED }'],
    // The words outside services speak stay words, typed by their unions.
    ["trade.status === 'pending'"],
    ["eq(payments.status, 'pending')"],
    ["outcome.status === 'passed'"],
    ["row.status !== 'confirmed'"],
    ["result.status === 'fulfilled'"],
    ["answer.status === 'unknown'"],
    ["{ status: 'paid' }"],
    ["navigation.state === 'loading'"],
    ["item.state === 'sending'"],
    ["socket.readyState === 'open'"],
    ["tag.color !== 'orange'"],
    ['room?.saleStatus === ROOM_SALE_STATUS.AVAILABLE'],
    ["trade?.status === 'pending'"],
  ])('lets %s pass', (expression) => {
    expect(violations(`export const x = ${expression};\n`)).toEqual([]);
  });
});
