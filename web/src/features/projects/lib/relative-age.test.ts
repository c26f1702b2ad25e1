import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeAge', () => {
  it("reads 'Just now' under one hour", () => {
    expect(relativeAge(ago(0), now)).toBe('Just now');
    expect(relativeAge(ago(59 * MINUTE), now)).toBe('Just now');
  });

  it("reads 'Nh ago' from one hour up to 24 hours", () => {
    expect(relativeAge(ago(HOUR), now)).toBe('1h ago');
    expect(relativeAge(ago(5 * HOUR + 30 * MINUTE), now)).toBe('5h ago');
    expect(relativeAge(ago(DAY - 1), now)).toBe('23h ago');
  });

  it("reads 'Nd ago' from 24 hours on", () => {
    expect(relativeAge(ago(DAY), now)).toBe('1d ago');
    expect(relativeAge(ago(3 * DAY + 23 * HOUR), now)).toBe('3d ago');
    expect(relativeAge(ago(400 * DAY), now)).toBe('400d ago');
  });

  it("treats a future time or an unreadable one as 'Just now'", () => {
    expect(relativeAge(ago(-2 * HOUR), now)).toBe('Just now');
    expect(relativeAge('not a date', now)).toBe('Just now');
  });

  it('accepts a Date', () => {
    expect(relativeAge(new Date(now.getTime() - 2 * DAY), now)).toBe('2d ago');
  });
});
