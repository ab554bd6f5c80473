/**
 * `bench:search`'s CPU profile figures (issue 30, decision 061): the CPU on the
 * matchmaking queue's stacks and on the game start's, read from every node's
 * main-thread profile (`--cpu-prof`), per matched search and per game.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cpuByOwner, summarizeCpuProfile, type CpuProfile } from './cpu-profile';

/** Stacks the CPU profile splits by (deepest match wins): the game start, then the queue. */
const OWNERS = [
  ['game start', /modules\/games\/game-start(\.repo)?\.ts/],
  ['matchmaking', /modules\/matchmaking\//],
] as const;

const round2 = (value: number) => Math.round(value * 100) / 100;

export /** CPU on the queue's stacks and on the start's (every node's main thread), per matched search and per game. */
function profileFigures(
  profileDir: string,
  window: { fromMicros: number; toMicros: number },
  matchedSearches: number,
  gamesFound: number,
) {
  const files = fs.existsSync(profileDir) ? fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')) : [];
  const owned: Record<string, number> = {};
  let busiest: ReturnType<typeof summarizeCpuProfile> | undefined;
  for (const name of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, name), 'utf8')) as CpuProfile;
    for (const [owner, seconds] of Object.entries(cpuByOwner(profile, OWNERS, window)))
      owned[owner] = (owned[owner] ?? 0) + seconds;
    const summary = summarizeCpuProfile(profile, 12);
    if (!busiest || summary.busySeconds > busiest.busySeconds) busiest = summary;
  }
  const per = (seconds: number | undefined, count: number) =>
    seconds !== undefined && count > 0 ? round2((seconds * 1e6) / count) : null;
  return {
    profiles: files.length,
    queueMicrosPerSearch: per(owned.matchmaking, matchedSearches),
    startMicrosPerGame: per(owned['game start'], gamesFound),
    otherMicrosPerSearch: per(owned.other, matchedSearches),
    busiestThreadWholeRun: busiest,
    note: 'main threads, samples from the end of the warm-up until the last game ended whose deepest frame of ours is in modules/matchmaking (the queue) or games/game-start*.ts (the start); the drivers parsing replies resume from their sockets and count as other',
  };
}
