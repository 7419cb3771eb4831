import { describe, expect, it } from 'vitest';
import { AnswerAddresses } from './answer-addresses';

describe('AnswerAddresses', () => {
  it('remembers at most its limit of URLs, the oldest forgotten first, the first entry kept', () => {
    const addresses = new AnswerAddresses<string>(2);
    addresses.set('/a', 'first');
    addresses.set('/a', 'second');
    addresses.set('/b', 'b');
    expect(addresses.get('/a')).toBe('first');
    addresses.set('/c', 'c');
    expect(addresses.size).toBe(2);
    expect(addresses.get('/a')).toBeUndefined();
    expect([addresses.get('/b'), addresses.get('/c')]).toEqual(['b', 'c']);
  });
});
