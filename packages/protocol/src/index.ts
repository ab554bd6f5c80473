export * from './constants';
export * from './texts';
export * from './http';
export * from './socket';
export * from './money';
export * from './wallet';
export * from './guards';
