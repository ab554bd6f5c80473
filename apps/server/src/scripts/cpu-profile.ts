/**
 * The top of a V8 CPU profile (`node --cpu-prof`): self time by function and
 * by component (PostgreSQL driver, drizzle, Socket.IO, the game, the logger,
 * our server code, Node itself, garbage collection), as shares of the busy
 * time (idle excluded). Used by bench:games --cpu-prof. `cpuByOwner` splits
 * the busy time by whose code is on the stack (bench:search --cpu-prof).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

const COMPONENTS: Array<[string, RegExp]> = [
  ['pg (driver)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//],
  ['drizzle-orm', /node_modules\/drizzle-orm\//],
  ['socket.io / engine.io / ws', /node_modules\/(socket\.io[a-z-]*|engine\.io[a-z-]*|ws)\//],
  ['game engine (packages/game)', /packages\/game\//],
  ['logger (pino)', /node_modules\/(pino[a-z-]*|sonic-boom|thread-stream)\//],
  ['zod', /node_modules\/zod\//],
  ['ioredis', /node_modules\/ioredis\//],
  ['fastify', /node_modules\/(fastify|@fastify|light-my-request|find-my-way)/],
  ['server code (apps/server/src)', /apps\/server\/src\//],
  ['other packages', /node_modules\//],
  ['node internals', /^node:|^internal\//],
];

function componentOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'program (native, unattributed)';
  for (const [name, pattern] of COMPONENTS) if (pattern.test(url)) return name;
  return url === '' ? 'native' : 'other';
}

export function summarizeCpuProfile(profile: CpuProfile, top = 15) {
  const selfMicros = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    for (let index = 0; index < profile.samples.length; index += 1) {
      const id = profile.samples[index]!;
      selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
    }
  }
  const byFunction = new Map<string, number>();
  const byComponent = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0;
    if (micros === 0 || node.callFrame.functionName === '(idle)') continue;
    busy += micros;
    const file = node.callFrame.url.replace(/^.*\/(node_modules\/)?/, (whole, modules: string | undefined) =>
      modules ? 'node_modules/' : '',
    );
    const where = node.callFrame.url.includes('node_modules/')
      ? node.callFrame.url.slice(node.callFrame.url.lastIndexOf('node_modules/') + 'node_modules/'.length)
      : file;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${where}${where ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const component = componentOf(node);
    byComponent.set(component, (byComponent.get(component) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / Math.max(1, busy)).toFixed(1)} %`;
  return {
    busySeconds: Number((busy / 1e6).toFixed(2)),
    wallSeconds: Number(((profile.endTime - profile.startTime) / 1e6).toFixed(2)),
    byComponent: Object.fromEntries([...byComponent].sort((a, b) => b[1] - a[1]).map(([name, micros]) => [name, share(micros)])),
    topSelf: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${share(micros)}  ${name}`),
  };
}

/**
 * Issue 30 (decision 061): busy seconds by owner. A sample belongs to the
 * deepest frame of its stack that an owner's pattern (tested on the frame's
 * url) matches, so that a call from one owner into another counts for the
 * callee's (matchmaking calling the game start: the start's); `other` when no
 * frame matches (idle excluded). A driver parsing a reply resumes from its
 * socket's event, not from the caller's stack: that time is `other`.
 * `window` (µs, the profile's monotonic clock: process.hrtime's, in µs)
 * keeps only the samples taken within it.
 */
export function cpuByOwner(
  profile: CpuProfile,
  owners: ReadonlyArray<readonly [string, RegExp]>,
  window?: { fromMicros: number; toMicros: number },
): Record<string, number> {
  const parent = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node);
  }
  const ownerOf = new Map<number, string>();
  const ownerOfNode = (node: ProfileNode): string => {
    const known = ownerOf.get(node.id);
    if (known !== undefined) return known;
    const own = owners.find(([, pattern]) => pattern.test(node.callFrame.url))?.[0];
    const above = parent.get(node.id);
    const owner = own ?? (above ? ownerOfNode(above) : 'other');
    ownerOf.set(node.id, owner);
    return owner;
  };
  const micros: Record<string, number> = Object.fromEntries([...owners.map(([name]) => [name, 0]), ['other', 0]]);
  const samples = profile.samples ?? [];
  let at = profile.startTime;
  for (let index = 0; index < samples.length; index += 1) {
    at += profile.timeDeltas?.[index] ?? 0;
    if (window && (at < window.fromMicros || at > window.toMicros)) continue;
    const node = byId.get(samples[index]!);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const owner = ownerOfNode(node);
    micros[owner] = (micros[owner] ?? 0) + (profile.timeDeltas?.[index + 1] ?? 0);
  }
  return Object.fromEntries(Object.entries(micros).map(([name, value]) => [name, value / 1e6]));
}
