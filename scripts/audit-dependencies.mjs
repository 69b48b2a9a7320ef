#!/usr/bin/env node
// The production dependencies against the registry's advisories (docs/security.md, "Updates and
// advisories"): fails on a high or critical advisory, which the project fixes within 7 days. A
// registry that answers no advisory endpoint (a mirror, no network) is said plainly and does not
// fail the run: nothing was checked, and the line says so.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? 'no answer';
  console.log(`== dependency advisories: not checked, the registry gave no advisories (${reason})`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `== dependency advisories: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  console.log('A high or critical advisory is fixed within 7 days: `npm audit --omit=dev` names the packages.');
  process.exit(1);
}
