import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColourFor, avatarLetter } from './avatar-colour';

describe('avatar colour', () => {
  it('has eight distinct colours', () => {
    expect(AVATAR_COLOURS).toHaveLength(8);
    expect(new Set(AVATAR_COLOURS).size).toBe(8);
  });

  it('gives one user the same colour every time, whatever the case or spaces of the e-mail', () => {
    expect(avatarColourFor('ada@example.com')).toBe(avatarColourFor('ada@example.com'));
    expect(avatarColourFor(' Ada@Example.com ')).toBe(avatarColourFor('ada@example.com'));
    expect(AVATAR_COLOURS).toContain(avatarColourFor(null));
  });

  it('spreads many users over all eight colours', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 800; n++) {
      const colour = avatarColourFor(`user-${n}@example.com`);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
    expect(counts.size).toBe(8);
    for (const count of counts.values()) expect(count).toBeGreaterThan(50);
  });
});

describe('avatarLetter', () => {
  it('is the upper-cased first letter of the e-mail', () => {
    expect(avatarLetter('ada@example.com')).toBe('A');
    expect(avatarLetter('  zed@example.com')).toBe('Z');
  });

  it("is '?' without an e-mail", () => {
    expect(avatarLetter('')).toBe('?');
    expect(avatarLetter(null)).toBe('?');
  });
});
