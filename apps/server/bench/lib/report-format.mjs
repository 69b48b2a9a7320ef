// How the benchmark's report writes a value: durations, ratios, sizes, the "met" column, a latency
// beside the hello-world server's, and a Markdown table. Shared by the summary table
// (report-summary.mjs) and the details under it (report.mjs), so both read the same.

export const ENGINE = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
export const ms = (v) =>
  v === undefined || v === null ? '?' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
export const x = (v) => (v === undefined || v === null ? '?' : `${v.toFixed(v < 0.1 ? 3 : 2)}x`);
export const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
export const met = (ok) => (ok === null || ok === undefined ? '-' : ok ? 'yes' : '**no**');
/** A latency against the hello-world server's own sequential request latency (same machine, same moment). */
export const vsHelloLatency = (value, hello) =>
  hello?.p50 && value !== undefined ? `${Math.round(value / hello.p50)}x hello's ${hello.p50} ms` : '';

export function table(header, rows) {
  const esc = (v) => String(v ?? '').replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}
