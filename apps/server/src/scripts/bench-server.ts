/**
 * The benchmark's own server entry (`bench:games -- --instant`): the real
 * server (main.ts's startServer, same adapters, production mode) with game
 * timing injected in code — rounds with no wait between them — instead of
 * SHIFUMI_TEST_TIMING, which stays refused in production. Never run by the
 * product: only bench-games.ts spawns it.
 *
 *   node --import tsx src/scripts/bench-server.ts [--instant] [--soak]
 */
import { ConfigError, loadConfig, resolveJwtSecret } from '../config';
import { startServer } from '../main';
import { INSTANT_MATCH_OPTIONS } from './bench-timing';

async function run(): Promise<void> {
  const instant = process.argv.includes('--instant');
  // Issue 29 (bench:soak): run with --expose-gc, a full collection on SIGUSR2, so that the soak reads the heap after GC.
  if (process.argv.includes('--soak')) {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (collect) process.on('SIGUSR2', () => collect());
  }
  const config = await resolveJwtSecret(loadConfig(process.env));
  await startServer(config, instant ? { matchOptions: INSTANT_MATCH_OPTIONS } : {});
}

run().catch((error: unknown) => {
  process.stderr.write(
    `bench server could not start: ${error instanceof ConfigError || !(error instanceof Error) ? String(error) : (error.stack ?? error.message)}\n`,
  );
  process.exit(1);
});
