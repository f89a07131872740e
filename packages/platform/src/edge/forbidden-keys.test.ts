import { describe, expect, it } from 'vitest';
import { forbiddenKeyErrors, mayHoldForbiddenKey } from './forbidden-keys.ts';

describe('keys that would reach prototypes', () => {
  it('when a parsed body holds them at any depth then each is named by its path, in order', () => {
    const value = JSON.parse('{"a":[{"constructor":1},{"b":{"__proto__":{}}}],"__proto__":null,"ok":"__proto__"}');
    expect(forbiddenKeyErrors(value, 'body').map((e) => e.field)).toEqual([
      'body.__proto__',
      'body.a.0.constructor',
      'body.a.1.b.__proto__',
    ]);
  });

  it('when a body has none (values may say the words) then nothing is named', () => {
    expect(forbiddenKeyErrors(JSON.parse('{"title":"constructor","tags":["__proto__"]}'), 'body')).toEqual([]);
    expect(forbiddenKeyErrors('text', 'body')).toEqual([]);
  });

  it('when the text could spell one, escaped or not, then it is walked; plain text without them is not', () => {
    expect(mayHoldForbiddenKey('{"__proto__":1}')).toBe(true);
    expect(mayHoldForbiddenKey('{"\\u005f_proto__":1}')).toBe(true);
    expect(mayHoldForbiddenKey('{"constructor":1}')).toBe(true);
    expect(mayHoldForbiddenKey('{"title":"Launch day"}')).toBe(false);
  });
});
