import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate -w @shifumi/server`: it diffs the schema
// against the committed migrations and writes the next one into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/infra/db/schema/index.ts',
  out: './drizzle',
});
