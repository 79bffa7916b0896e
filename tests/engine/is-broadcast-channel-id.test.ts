import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBroadcastChannelId } from '../../engine/is-broadcast-channel-id.ts';

const allowed = 'abcXYZ019-_=@,.;';

describe('isBroadcastChannelId', () => {
  it('accepts letters, digits and - _ = @ , . ;', () => {
    expect(isBroadcastChannelId('agent-42_a=b@c,d.e;f')).toBe(true);
  });

  it.each(['', ' ', 'a b', 'a/b', 'a:b', 'é', 'a+b', 'a\n'])('rejects %j', (id) => {
    expect(isBroadcastChannelId(id)).toBe(false);
  });

  it('accepts exactly the strings over the allowed characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...allowed, ' ', '/', '#', 'ü', '+') }), (id) => {
        const expected = id.length > 0 && [...id].every((c) => allowed.includes(c) || /[A-Za-z0-9]/.test(c));
        expect(isBroadcastChannelId(id)).toBe(expected);
      }),
    );
  });
});
