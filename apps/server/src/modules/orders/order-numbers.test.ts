import { describe, expect, it } from 'vitest';
import { orderNumber } from './order-numbers';

describe('order numbers', () => {
  it('uses the Beijing time and the padded id', () => {
    expect(orderNumber(123, new Date('2026-01-01T16:30:05Z'))).toBe('DJ2026010200300500123');
    expect(orderNumber(1_234_567, new Date('2026-01-01T00:00:00Z'))).toBe(
      'DJ202601010800001234567',
    );
  });
});
