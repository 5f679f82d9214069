import { describe, expect, it } from 'vitest';
import { userTypeOf } from './user-type';

describe('userTypeOf', () => {
  it.each([
    ['staff', 'staff'],
    ['provider', 'provider'],
    ['user', 'registered'],
    [null, 'anonymous'],
    [undefined, 'anonymous'],
  ] as const)('maps %s to %s', (role, type) => {
    expect(userTypeOf(role)).toBe(type);
  });
});
