import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarLetter, pickAvatarColour } from './avatar-colour';

describe('avatar colour', () => {
  it('has eight distinct colours', () => {
    expect(AVATAR_COLOURS).toHaveLength(8);
    expect(new Set(AVATAR_COLOURS).size).toBe(8);
  });

  it('maps the whole random range onto the eight colours', () => {
    expect(pickAvatarColour(() => 0)).toBe(AVATAR_COLOURS[0]);
    expect(pickAvatarColour(() => 0.999999)).toBe(AVATAR_COLOURS[7]);
    const seen = new Set(Array.from({ length: 8 }, (_, i) => pickAvatarColour(() => (i + 0.5) / 8)));
    expect(seen.size).toBe(8);
  });

  it('stays in range for a misbehaving random source', () => {
    expect(AVATAR_COLOURS).toContain(pickAvatarColour(() => 1));
    expect(AVATAR_COLOURS).toContain(pickAvatarColour(() => -0.5));
  });

  it('uses Math.random by default', () => {
    for (let i = 0; i < 20; i++) expect(AVATAR_COLOURS).toContain(pickAvatarColour());
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
