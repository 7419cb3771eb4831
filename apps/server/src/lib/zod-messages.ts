import type { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/**
 * Plain Chinese for the validation issues a citizen can cause in any form field, ahead of zod's
 * Chinese locale (whose texts read like type signatures: "数值过大：期望 string <=50 字符").
 * A schema's own message still wins; issues not handled here fall through to the locale.
 */
export function friendlyIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `不能大于${max}` : `应小于${max}`;
      }
      return undefined;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `不能少于${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少${min}项`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `不能小于${min}` : `应大于${min}`;
      }
      return undefined;
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '不能为空' : '格式不正确';
    default:
      return undefined;
  }
}
