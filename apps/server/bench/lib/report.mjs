// The report under the summary table (report-summary.mjs): the Markdown of the table, the details
// of each engine's rows (requests a second, statistics by size, the rush and sites-rush checks),
// and the files in bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINE, met, ms, table, x } from './report-format.mjs';

export function markdown(results, rows) {
  const m = results.machine;
  const lines = [];
  lines.push(
    `Benchmark (${results.profile}) of ${results.date}: ${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.commit}. ` +
      `Ratios are against a hello-world Fastify server measured beside each row; timings are reported, never asserted.`,
  );
  const base = results.baseline;
  if (base?.rows) {
    lines.push(
      `"vs ${base.commit}" is each row's headline number (order p99, CPU per order, the knee's rate, statements) ` +
        `over the same row of ${base.commit}, measured by the same bench in this run just before.`,
    );
  } else if (base?.error) lines.push(`The baseline could not be measured: ${base.error}`);
  lines.push('');
  const baseOf = (r) => base?.rows?.find((b) => b.what === r.what && b.engine === r.engine);
  const ratio = (r) => {
    const b = baseOf(r);
    if (!b) return '';
    if (typeof r.value !== 'number' || typeof b.value !== 'number' || b.value === 0) return `was: ${b.measured}`;
    return `${x(r.value / b.value)} (${b.value})`;
  };
  lines.push(
    table(
      [
        'what',
        'engine',
        'measured',
        ...(base?.rows ? [`vs ${base.commit}`] : []),
        'vs hello-world',
        'before (issue)',
        'target',
        'met',
      ],
      rows.map((r) => [
        r.what,
        r.engine,
        r.measured,
        ...(base?.rows ? [ratio(r)] : []),
        r.vs ?? '',
        r.before ?? '',
        r.target ?? '',
        met(r.ok),
      ]),
    ),
  );
  return lines.join('\n');
}

export function details(results) {
  const lines = [];
  for (const e of results.engines) {
    const engine = ENGINE[e.engine];
    if (e.throughput?.reads?.length || e.throughput?.health || e.throughput?.placement) {
      const t = e.throughput;
      lines.push(
        `\n### ${engine}: requests a second (${t.settings.connections} connections, ${t.settings.seconds} s each)\n`,
      );
      const all = [...(t.reads ?? []), t.health, t.placement].filter(Boolean);
      lines.push(
        table(
          ['endpoint', 'req/s', 'hello before / after', 'ratio', 'p50 ms', 'p99 ms', 'not 2xx'],
          all.map((r) => [r.name, r.rps, `${r.hello.before} / ${r.hello.after}`, x(r.ratio), r.p50, r.p99, r.non2xx]),
        ),
      );
    }
    const d = e.dashboards;
    if (d?.sizes?.some((z) => z.cases)) {
      lines.push(`\n### ${engine}: statistics p50 ms (p95) by orders in the table\n`);
      const sized = d.sizes.filter((z) => z.cases);
      const keys = sized[0].cases.map((c) => `${c.endpoint}|${c.period}`);
      lines.push(
        table(
          ['endpoint', 'period', ...sized.map((z) => z.orders.toLocaleString('en'))],
          keys.map((k) => {
            const [endpoint, period] = k.split('|');
            return [
              endpoint,
              period,
              ...sized.map((z) => {
                const c = z.cases.find((cc) => `${cc.endpoint}|${cc.period}` === k);
                return c ? `${c.p50} (${c.p95})` : '';
              }),
            ];
          }),
        ),
      );
    }
    if (e.rush) {
      lines.push(`\n### ${engine}: rush checks\n`);
      for (const c of e.rush.checks) lines.push(`- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`);
      const r = e.rush;
      lines.push(
        `- order answer ${JSON.stringify(r.orderLatency)}; event at barista ${JSON.stringify(r.eventAtBarista)}; ` +
          `baristas started ${r.baristaWork.started}, finished ${r.baristaWork.done}, lost races ${r.baristaWork.conflicts}; ` +
          `board reads ${r.boardReads} (${r.boardReadsAborted} cancelled by a newer one, ${r.boardMbRead} MB` +
          `${r.boardReadMs ? `, ${JSON.stringify(r.boardReadMs)} ms` : ''}); ` +
          `phone reads ${r.phoneReads}; pick-ups ${r.pickups}` +
          (r.eventLoop
            ? `; server event-loop delay in the rush p99 ${ms(r.eventLoop.p99)}, max ${ms(r.eventLoop.max)}`
            : ''),
      );
    }
    for (const f of e.fanOut ?? []) {
      lines.push(`\n### ${engine}: fan-out at ${f.people + f.watchers} people, checks\n`);
      for (const c of f.checks) lines.push(`- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`);
      lines.push(
        `- order answer ${JSON.stringify(f.orderLatency)}; event at barista ${JSON.stringify(f.eventAtBarista)}; ` +
          `queue frames ${JSON.stringify(f.queueFrames)}; the watching phones heard ${JSON.stringify(f.watcherEvents ?? {})}; peak RSS ${f.peakMb} MB`,
      );
    }
    for (const run of e.statements ?? []) {
      lines.push(`\n### ${engine}: statements per request, ${run.processes} process(es)\n`);
      for (const [name, c] of Object.entries(run.requests)) {
        lines.push(`- ${name}: ${c.counts.join(', ')} in its ${c.counts.length} run(s); the least:`);
        for (const text of c.least) lines.push(`  - \`${text}\``);
        if (c.max > c.min) {
          lines.push('  the most:');
          for (const text of c.most) lines.push(`  - \`${text}\``);
        }
      }
    }
    if (e.chat) {
      lines.push(`\n### ${engine}: chat, checks\n`);
      for (const c of e.chat.checks) lines.push(`- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`);
      const calls = Object.entries(e.chat.calls).map(
        ([method, c]) => `${method} ${c.ok} accepted, ${c.rateLimited} refused (busiest minute ${c.peakPerMinute})`,
      );
      lines.push(`- Web API calls: ${calls.join('; ')}; drain ${JSON.stringify(e.chat.drain)}`);
    }
    if (e.promises?.runs?.length) {
      const pr = e.promises;
      const mo = pr.morning;
      lines.push(`\n### ${engine}: promises, the simulated morning\n`);
      lines.push(
        `- ${mo.start}, ${mo.minutes} minutes, seed ${mo.seed}: ${mo.arrivals} people arriving up to ${mo.peakPerHour} an hour at the peak ` +
          `(${mo.later} for a pickup slot later), ${mo.baristas} baristas, barista ${mo.away.barista} away ${mo.away.minutes} minutes from minute ${mo.away.fromMinute}; ` +
          `preparation minutes (median, log-normal sigma ${mo.prepSigma}): ${Object.entries(mo.prepMinutes)
            .map(([d, m]) => `${d} ${m}`)
            .join(
              ', ',
            )}; history: ${mo.history ? `${mo.history.orders} orders of ${mo.history.days} past mornings` : 'none'}`,
      );
      lines.push('');
      const cell = (p) => (p.orders ? `${p.errorP50}/${p.errorP90} (${p.absP50}/${p.absP90}); ${p.within2} %` : '-');
      lines.push(
        table(
          [
            'model',
            'orders',
            'all: error p50/p90 (its size p50/p90) min; within ±2 min',
            'as soon as possible',
            'for later',
            'promise from',
            'made by barista 1/2',
            'last ready',
            'wall time',
          ],
          pr.runs.map((run) => [
            run.model,
            run.orders,
            cell(run.all),
            cell(run.asap),
            cell(run.later),
            Object.entries(run.promiseFrom)
              .map(([k, n]) => `${k} ${n}`)
              .join(', '),
            run.madeBy.join('/'),
            run.lastReady ?? '?',
            `${run.wallSeconds} s (${run.clockSets} clock sets)`,
          ]),
        ),
      );
      lines.push('');
      // By the half hour the orders were placed in: error p50, its size p90, share within ±2 min.
      const halves = [...new Set(pr.runs.flatMap((run) => run.byHalfHour.map((h) => h.from)))].sort();
      lines.push(
        table(
          [
            'placed from',
            ...pr.runs.map((run) => `${run.model}: orders, error p50, its size p90 (min), within ±2 min`),
          ],
          halves.map((from) => [
            from,
            ...pr.runs.map((run) => {
              const h = run.byHalfHour.find((x) => x.from === from);
              return h ? `${h.orders}, ${h.errorP50}, ${h.absP90}, ${h.within2} %` : '-';
            }),
          ]),
        ),
      );
      lines.push('');
      for (const run of pr.runs)
        for (const c of run.checks)
          lines.push(`- ${run.model}: ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`);
    }
    for (const sr of e.sitesRushes ?? []) {
      lines.push(`\n### ${engine}: sites rush at ${sr.rushingSites} sites, checks\n`);
      for (const c of sr.checks) lines.push(`- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`);
      lines.push(
        `- ${sr.sites} sites, ${sr.people} people, ${sr.rushingPeople} of them at ${sr.rushingSites} sites rushing on ${sr.processes} processes ` +
          `(signed in in ${sr.signInSeconds} s, ${sr.rushingPeople + sr.sites * sr.baristasPerSite} sockets connected in ${sr.connectSeconds} s; ` +
          `all answered ${sr.sendingSeconds} s after the start of the ${sr.windowSeconds} s window); orders ${JSON.stringify(sr.orders)}; ` +
          `connections lost during the rush: ${sr.disconnects.baristas} of baristas, ${sr.disconnects.phones} of phones`,
        `- order answer ${JSON.stringify(sr.orderLatency)}; event at barista ${JSON.stringify(sr.eventAtBarista)}: ` +
          `on the process that placed it ${JSON.stringify(sr.eventSameProcess)}, on another ${JSON.stringify(sr.eventOtherProcess)}`,
        `- baristas started ${sr.baristaWork.started}, finished ${sr.baristaWork.done}, lost races ${sr.baristaWork.conflicts}, errors ${sr.baristaWork.errors}; ` +
          `board reads at the rushing sites ${sr.boardReads} (${sr.boardReadsPerOrder}/order, ${sr.boardMbRead} MB, ${JSON.stringify(sr.boardReadMs)} ms); ` +
          `phone reads ${sr.phoneReads} (${sr.phoneReadFailures} failed); queue events at the phones ${sr.queueAtPhones ?? '?'}; pick-ups ${sr.pickups}; peak RSS ${sr.peakMb.join(' / ')} MB; ` +
          `event-loop delay in the rush ${sr.eventLoop.map((l) => (l ? `p99 ${ms(l.p99)}, max ${ms(l.max)}` : '?')).join(' / ')}`,
      );
      if (sr.serverPlacements)
        lines.push(
          `- placements over ${sr.serverPlacements.limitMs} ms: ${sr.placementsOver100Ms} by the phones' clock, ` +
            `${sr.serverPlacements.over} of ${sr.serverPlacements.answered} by the servers' own (from the request read to the answer sent); ` +
            `the bench's own event-loop delay in the rush p99 ${ms(sr.benchEventLoop.p99)}, max ${ms(sr.benchEventLoop.max)}; ` +
            `database connections opened in the rush ${sr.connectionsOpened}`,
        );
      lines.push('');
      lines.push(
        table(
          ['rushing site', 'zone', 'orders', 'order p50 / p99', 'event p50 / p99'],
          sr.perSite.map((p) => [
            p.site,
            p.timeZone,
            p.accepted,
            `${ms(p.order.p50)} / ${ms(p.order.p99)}`,
            `${ms(p.event.p50)} / ${ms(p.event.p99)}`,
          ]),
        ),
      );
    }
  }
  if (results.notes.length) {
    lines.push('\n### Notes\n');
    for (const n of results.notes) lines.push(`- ${n}`);
  }
  return lines.join('\n');
}

/** Writes <profile>.json/.md as latest (latest.* for a full run) and a dated copy. */
export function writeResults(dir, results, md) {
  mkdirSync(dir, { recursive: true });
  const stamp = results.date.replace(/:/g, '-').replace(/\..*$/, '');
  const latest = results.profile === 'full' ? 'latest' : `latest-${results.profile}`;
  const files = [];
  for (const name of [latest, `${stamp}-${results.profile}`]) {
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(dir, `${name}.md`), `${md}\n`);
    files.push(path.join(dir, `${name}.json`), path.join(dir, `${name}.md`));
  }
  formatWithPrettier(files);
  return files;
}

/** The results live in the repository, whose format check (Prettier) covers them: format them as it would. */
function formatWithPrettier(files) {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('prettier/package.json');
    const bin = path.join(path.dirname(pkg), require(pkg).bin);
    execFileSync(process.execPath, [bin, '--log-level', 'warn', '--write', ...files], { stdio: 'inherit' });
  } catch (error) {
    console.warn(`results not formatted with Prettier: ${error.message}`);
  }
}
