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
  // byId.get(id)?.publishStatus === 3, 3 === order?.payStatus (the member wrapped in a chain)
  `BinaryExpression[operator=${COMPARISON}][left.type='ChainExpression'][left.expression.type='MemberExpression'][left.expression.property.name=${STATUS_NAME}][right.type='Literal'][right.raw=${ONE_DIGIT}]`,
  `BinaryExpression[operator=${COMPARISON}][right.type='ChainExpression'][right.expression.type='MemberExpression'][right.expression.property.name=${STATUS_NAME}][left.type='Literal'][left.raw=${ONE_DIGIT}]`,
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

// Word-valued statuses (docs/decisions/0045-status-constants.md): the product's own families are
// compared and written with their constants too (`ROOM_SALE_STATUS.AVAILABLE`,
// `FEEDBACK_STATUS.PENDING`). The words an outside service speaks (a bank trade's 'paid', the
// real-name check's 'passed', a WeChat login's 'confirmed') stay words, typed by their unions, so
// each selector pairs a field name with the words of one product family only.

/** Any string literal: a room's `saleStatus` is always one of ROOM_SALE_STATUS. */
const ANY_STRING = `raw=/^['"]/`;
/**
 * The words of ROOM_SALE_STATUS, LISTING_REPORT_STATUS, CHAT_REPORT_STATUS and CHECK_CODE_STATUS,
 * but CHECK_CODE_STATUS.UNKNOWN: 'unknown' is also the bank's answer for a trade it never saw.
 */
const PRODUCT_WORD =
  'value=/^(green|yellow|blue|gray|open|dismissed|correction|taken_down|upheld|valid|revoked)$/';
/** The words of FEEDBACK_STATUS, in the feedback's `state` (the bank's 'pending' is a `status`). */
const FEEDBACK_WORD = 'value=/^(pending|replied)$/';
/** The words of ROOM_SALE_STATUS, as the building table's `color` carries them. */
const ROOM_WORD = 'value=/^(green|yellow|blue|gray)$/';

/** Each field with the literals it must not be compared with or given. */
const WORD_FIELDS = [
  ['/^saleStatus$/', ANY_STRING],
  ['/^(?!readyState$|saleStatus$)(status|state|[a-zA-Z]+(Status|State))$/', PRODUCT_WORD],
  ['/^state$/', FEEDBACK_WORD],
  ['/^(color|colour)$/', ROOM_WORD],
];
const WORD_MESSAGE =
  '产品的文字状态请使用 packages/shared/src/status 中的常量（如 ROOM_SALE_STATUS.AVAILABLE），不要写裸字符串。';

/** The selectors of the word rule: comparisons, drizzle conditions, switch cases, writes. */
export const STATUS_WORD_SELECTORS = WORD_FIELDS.flatMap(([name, literal]) => [
  // room.saleStatus === 'green', 'green' === room.saleStatus, state === 'pending'
  `BinaryExpression[operator=${COMPARISON}][left.property.name=${name}][right.type='Literal'][right.${literal}]`,
  `BinaryExpression[operator=${COMPARISON}][right.property.name=${name}][left.type='Literal'][left.${literal}]`,
  // rooms.get(id)?.saleStatus === 'green' (the member wrapped in a chain)
  `BinaryExpression[operator=${COMPARISON}][left.type='ChainExpression'][left.expression.property.name=${name}][right.type='Literal'][right.${literal}]`,
  `BinaryExpression[operator=${COMPARISON}][right.type='ChainExpression'][right.expression.property.name=${name}][left.type='Literal'][left.${literal}]`,
  `BinaryExpression[operator=${COMPARISON}][left.name=${name}][right.type='Literal'][right.${literal}]`,
  `BinaryExpression[operator=${COMPARISON}][right.name=${name}][left.type='Literal'][left.${literal}]`,
  // drizzle: eq(rooms.saleStatus, 'green'), inArray(rooms.saleStatus, ['green', 'gray'])
  `CallExpression[callee.name=/^(eq|ne)$/][arguments.0.property.name=${name}][arguments.1.type='Literal'][arguments.1.${literal}]`,
  `CallExpression[callee.name=/^(inArray|notInArray)$/][arguments.0.property.name=${name}] > ArrayExpression > Literal[${literal}]`,
  // switch (room.color) { case 'green': … }
  `SwitchStatement[discriminant.property.name=${name}] > SwitchCase > Literal.test[${literal}]`,
  `SwitchStatement[discriminant.name=${name}] > SwitchCase > Literal.test[${literal}]`,
  // { saleStatus: 'yellow' }, { state: replied ? 'replied' : 'pending' }, room.saleStatus = 'blue'
  `Property[key.name=${name}] > Literal.value[${literal}]`,
  `Property[key.name=${name}] > ConditionalExpression > Literal[${literal}]`,
  `AssignmentExpression[left.property.name=${name}] > Literal.right[${literal}]`,
]);

/** The `no-restricted-syntax` entries of the word rule. */
export const STATUS_WORD_RESTRICTIONS = STATUS_WORD_SELECTORS.map((selector) => ({
  selector,
  message: WORD_MESSAGE,
}));

/** Both rules, as `eslint.config.js` wires them. */
export const STATUS_RESTRICTIONS = [...STATUS_NUMBER_RESTRICTIONS, ...STATUS_WORD_RESTRICTIONS];
