/** The time source services use, so that tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
