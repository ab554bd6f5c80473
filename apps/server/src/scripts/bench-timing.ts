/** The game timing of `bench:games -- --instant`, shared by the bench's server entry and the baseline referee. */

/** Rounds follow one another at once: no reveal pause (the round timer and graces stay the product's). */
export const INSTANT_MATCH_OPTIONS = { revealMs: 0 } as const;
