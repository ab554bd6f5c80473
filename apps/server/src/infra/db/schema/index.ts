// Every table of the app, one file per module. drizzle-kit reads this file
// (drizzle.config.ts) and the Database type is built from it.
export * from './users';
export * from './sessions';
export * from './contact';
export * from './ledger';
export * from './chain';
export * from './games';
export * from './siwe';
export * from './leaders';
export * from './responsible-gaming';
export * from './account-security';
export * from './admin';
export * from './solvency';
export * from './mail';
export * from './challenges';
