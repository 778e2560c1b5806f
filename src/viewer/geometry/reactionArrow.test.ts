import { describe, expect, it } from 'vitest';
import { appendReactionArrow } from './reactionArrow';

describe('reaction arrows', () => {
  it('points at the joint along the force, with two barbs at the tip', () => {
    const out: number[] = [];
    // An upward reaction of 500 kN at a base joint, drawn 1 m long.
    appendReactionArrow([1000, 2000, 0], [0, 0, 500_000], 1000, out);
    expect(out.slice(0, 6)).toEqual([1000, 2000, -1000, 1000, 2000, 0]);
    // Shaft and two barbs, each ending at the joint.
    expect(out).toHaveLength(18);
    expect(out.slice(9, 12)).toEqual([1000, 2000, 0]);
    expect(out.slice(15, 18)).toEqual([1000, 2000, 0]);
  });

  it('draws nothing for no force', () => {
    const out: number[] = [];
    appendReactionArrow([0, 0, 0], [0, 0, 0], 1000, out);
    expect(out).toEqual([]);
  });
});
