/**
 * Where the machine's CPU goes during a bench window (issue 30): the cores busy in all, and the shares of the
 * measured servers, of the bench's own bots (this process), of pgbench's client, of PostgreSQL (every process named
 * `postgres`, and the backends that ended) and of everything else. Read from /proc (Linux): a snapshot before and after, the difference. For `bench:games --instant`
 * and pgbench, where the question is what the two cores spend a settled game on.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks a second (USER_HZ): 100 on Linux. */
const TICKS = 100;

export interface MachineCpuSnapshot {
  at: number;
  /** Busy and total CPU seconds of the whole machine, every core summed. */
  busy: number;
  total: number;
  postgres: number;
  bots: number;
  /** The bench's ended child processes (pgbench's client). */
  clients: number;
  servers: number;
}

function machineSeconds(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, ...values] = line.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0); // user … steal (guest time is counted in user)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle and iowait
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/** A process's CPU seconds: its own, and its reaped children's (utime, stime, cutime, cstime of /proc/<pid>/stat). */
function processSeconds(pid: string): { name: string; own: number; children: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name,
      own: (Number(fields[11]) + Number(fields[12])) / TICKS,
      children: (Number(fields[13]) + Number(fields[14])) / TICKS,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * PostgreSQL's CPU seconds: every live `postgres` process's own, plus what the postmaster's ended backends used (its
 * reaped children's), so that connections opened and closed within the window (pgbench's) are counted.
 */
function postgresSeconds(): number {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = processSeconds(entry);
    if (found?.name === 'postgres') seconds += found.own + found.children;
  }
  return seconds;
}

export function machineCpuSnapshot(serverSeconds: () => number): MachineCpuSnapshot {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    ...machineSeconds(),
    postgres: postgresSeconds(),
    bots: (usage.user + usage.system) / 1e6,
    clients: processSeconds('self')?.children ?? 0,
    servers: serverSeconds(),
  };
}

export interface MachineCpuSplit {
  cores: number;
  /** Cores busy on average over the window (at most `cores`). */
  busyCores: number;
  /** Shares of the machine's busy time, in %. */
  servers: number;
  bots: number;
  /** pgbench's own client, when it ran in the window. */
  pgbenchClient: number;
  postgres: number;
  other: number;
}

export function machineCpuSplit(before: MachineCpuSnapshot, after: MachineCpuSnapshot): MachineCpuSplit {
  const seconds = (after.at - before.at) / 1000;
  const busy = after.busy - before.busy;
  const share = (value: number) => (busy > 0 ? Math.round((value / busy) * 1000) / 10 : 0);
  const servers = after.servers - before.servers;
  const bots = after.bots - before.bots;
  const postgres = after.postgres - before.postgres;
  const clients = after.clients - before.clients;
  return {
    cores: os.cpus().length,
    busyCores: seconds > 0 ? Math.round((busy / seconds) * 100) / 100 : 0,
    servers: share(servers),
    bots: share(bots),
    pgbenchClient: share(clients),
    postgres: share(postgres),
    other: share(Math.max(0, busy - servers - bots - clients - postgres)),
  };
}
