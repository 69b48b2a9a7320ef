import type { AppBase } from '../../context';
import type { LinePorts } from './line.ports';

/** The LINE channel (docs/line.md, decision 0090): transport only, on the ordering door. */
export function createLineService(ctx: AppBase, _ports: LinePorts) {
  return {
    enabled: ctx.config.line !== null,
    /** The work after the answers and the calls to LINE started so far, done (tests; shutdown). */
    async settled(): Promise<void> {},
  };
}

export type LineService = ReturnType<typeof createLineService>;
