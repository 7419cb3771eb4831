import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { STATUS_NUMBER_RESTRICTIONS } from '../../../../scripts/eslint-status-rule.mjs';

/** Lints one snippet of TypeScript with the repository's status rule only. */
function violations(code: string): number[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        rules: { 'no-restricted-syntax': ['error', ...STATUS_NUMBER_RESTRICTIONS] },
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
    ["room.saleStatus === 'green'"],
    ['response.status === 404'],
    ['socket.readyState === 1'],
    ['order.lockMoney === 3'],
    ['items.length > 1'],
  ])('lets %s pass', (expression) => {
    expect(violations(`export const x = ${expression};\n`)).toEqual([]);
  });
});
