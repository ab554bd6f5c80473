/**
 * bench:games's command line (bench-games.ts): `[games] [seconds] [--nodes N] [--baseline] [--instant] [--cpu-prof]
 * [--plain | --both | --mixed]`, checked, with its defaults.
 */
export interface BenchArguments {
  games: number;
  seconds: number;
  nodes: number;
  baseline: boolean;
  instant: boolean;
  cpuProf: boolean;
  /** Which product phases: sealed bots (default), plain bots (`--plain`), plain then sealed (`--both`), or both at once (`--mixed`). */
  modes: Array<'plain' | 'sealed' | 'mixed'>;
}

/** `[games] [seconds] [--nodes N] [--baseline] [--instant] [--cpu-prof]`, flags in any order. */
export function parseArguments(argv: string[]): BenchArguments {
  const positional: string[] = [];
  let nodes = 1;
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--nodes') nodes = Number(argv[++index]);
    else if (argument.startsWith('--')) flags.add(argument);
    else positional.push(argument);
  }
  for (const flag of flags)
    if (!['--baseline', '--instant', '--cpu-prof', '--plain', '--both', '--mixed'].includes(flag))
      throw new Error(`unknown option ${flag}`);
  if (['--plain', '--both', '--mixed'].filter((flag) => flags.has(flag)).length > 1)
    throw new Error('--plain, --both and --mixed exclude each other');
  const games = Number(positional[0] ?? 1000);
  const seconds = Number(positional[1] ?? 60);
  if (!Number.isInteger(games) || games < 1) throw new Error('games must be a positive integer');
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('seconds must be a positive number');
  if (nodes !== 1 && nodes !== 2) throw new Error('--nodes must be 1 or 2');
  const modes: BenchArguments['modes'] = flags.has('--both')
    ? ['plain', 'sealed']
    : flags.has('--plain')
      ? ['plain']
      : flags.has('--mixed')
        ? ['mixed']
        : ['sealed'];
  return {
    games,
    seconds,
    nodes,
    baseline: flags.has('--baseline'),
    instant: flags.has('--instant'),
    cpuProf: flags.has('--cpu-prof'),
    modes,
  };
}
