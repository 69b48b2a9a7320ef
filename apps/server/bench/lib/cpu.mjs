// The machine's time a rush costs, by role: CPU seconds of the server processes, of PostgreSQL's
// backends of the bench's database and of this process (the simulated phones and baristas),
// measured over the rush window from /proc (Linux) and process.cpuUsage().
import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** utime + stime of a process in seconds, or undefined once it has exited (or off Linux). */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return undefined;
  }
}

/** The backends of the bench's PostgreSQL database (null on SQLite), through the bench's own connection. */
async function backendPids(direct) {
  if (direct?.engine !== 'postgres') return null;
  const rows = await direct.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((row) => Number(row.pid));
}

/**
 * Starts measuring; `stop()` answers the CPU seconds spent meanwhile by the servers (`serverPids`),
 * the database's backends (those that lived through the window; null on SQLite) and this process.
 */
export async function startCpuWindow({ serverPids, direct }) {
  const read = (pids) => {
    const seconds = new Map();
    for (const pid of pids) {
      const s = cpuSecondsOf(pid);
      if (s !== undefined) seconds.set(pid, s);
    }
    return seconds;
  };
  const servers = read(serverPids);
  const pgPids = await backendPids(direct);
  const backends = pgPids && read(pgPids);
  const bench = process.cpuUsage();
  const wall = performance.now();
  return {
    async stop() {
      const spent = (before, now) => {
        let total = 0;
        for (const [pid, s] of now) total += s - (before.get(pid) ?? 0);
        return total;
      };
      const serversNow = read(serverPids);
      // Backends that started during the window count from zero (the pool grew).
      const backendsNow = pgPids ? read([...new Set([...pgPids, ...((await backendPids(direct)) ?? [])])]) : null;
      const own = process.cpuUsage(bench);
      return {
        seconds: (performance.now() - wall) / 1000,
        servers: spent(servers, serversNow),
        database: backendsNow ? spent(backends, backendsNow) : null,
        bench: (own.user + own.system) / 1e6,
      };
    },
  };
}

/** CPU milliseconds per order of each role, rounded; `orders` accepted in the window. */
export function cpuPerOrder(cpu, orders) {
  if (!cpu || !orders) return null;
  const ms = (s) => (s === null ? null : Math.round((s * 1000 * 100) / orders) / 100);
  return {
    orders,
    windowSeconds: Math.round(cpu.seconds * 10) / 10,
    serversMs: ms(cpu.servers),
    databaseMs: ms(cpu.database),
    serversAndDatabaseMs: ms(cpu.servers + (cpu.database ?? 0)),
    benchMs: ms(cpu.bench),
  };
}
