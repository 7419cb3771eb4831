// A local ESLint rule (docs/decisions/0045-status-constants.md): status fields are compared with
// the named constants of packages/shared/src/status (`PAY_STATUS.PAID`), never with bare numbers.
// Built from `no-restricted-syntax` selectors, so it needs no plugin of its own.

/**
 * A field named like a status: status, state, or any name ending in Status or State; not
 * `readyState`, the WebSocket's own connection state.
 */
const STATUS_NAME = '/^(?!readyState$)(status|state|[a-zA-Z]+(Status|State))$/';
/** Status codes are single digits; three-digit HTTP statuses (`response.status === 404`) pass. */
const ONE_DIGIT = '/^[0-9]$/';
/** Any numeric literal (in drizzle conditions, where no HTTP status is compared). */
const NUMBER = '/^[0-9]/';
const COMPARISON = '/^(===|!==|==|!=|<|<=|>|>=)$/';
const MESSAGE =
  '状态字段请与 packages/shared/src/status 中的常量比较（如 PAY_STATUS.PAID），不要写裸数字。';

/** The selectors of the rule, each a way of comparing a status field with a number. */
export const STATUS_NUMBER_SELECTORS = [
  // order.payStatus === 3, row.status !== 1
  `BinaryExpression[operator=${COMPARISON}][left.type='MemberExpression'][left.property.name=${STATUS_NAME}][right.type='Literal'][right.raw=${ONE_DIGIT}]`,
  // 3 === order.payStatus
  `BinaryExpression[operator=${COMPARISON}][right.type='MemberExpression'][right.property.name=${STATUS_NAME}][left.type='Literal'][left.raw=${ONE_DIGIT}]`,
  // status === 3 (a variable holding a status)
  `BinaryExpression[operator=${COMPARISON}][left.type='Identifier'][left.name=${STATUS_NAME}][right.type='Literal'][right.raw=${ONE_DIGIT}]`,
  `BinaryExpression[operator=${COMPARISON}][right.type='Identifier'][right.name=${STATUS_NAME}][left.type='Literal'][left.raw=${ONE_DIGIT}]`,
  // drizzle: eq(projects.publishStatus, 3), ne(orders.payStatus, 1)
  `CallExpression[callee.name=/^(eq|ne|gt|gte|lt|lte)$/][arguments.0.property.name=${STATUS_NAME}][arguments.1.type='Literal'][arguments.1.raw=${NUMBER}]`,
  // drizzle: inArray(orders.payStatus, [1, 3])
  `CallExpression[callee.name=/^(inArray|notInArray)$/][arguments.0.property.name=${STATUS_NAME}] > ArrayExpression > Literal[raw=${NUMBER}]`,
  // switch (order.payStatus) { case 3: … }
  `SwitchStatement[discriminant.property.name=${STATUS_NAME}] > SwitchCase > Literal.test[raw=${ONE_DIGIT}]`,
  `SwitchStatement[discriminant.name=${STATUS_NAME}] > SwitchCase > Literal.test[raw=${ONE_DIGIT}]`,
];

/** The `no-restricted-syntax` entries of the rule. */
export const STATUS_NUMBER_RESTRICTIONS = STATUS_NUMBER_SELECTORS.map((selector) => ({
  selector,
  message: MESSAGE,
}));
