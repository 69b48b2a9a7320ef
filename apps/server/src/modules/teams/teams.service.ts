import type { AppBase } from '../../context';
import type { TeamsPorts } from './teams.ports';

/** The Microsoft Teams bot (docs/teams.md, decision 0090): transport only, on the ordering door. */
export function createTeamsService(ctx: AppBase, _ports: TeamsPorts) {
  return {
    enabled: ctx.config.teams !== null,
    /** The work after the answers and the calls to Teams started so far, done (tests; shutdown). */
    async settled(): Promise<void> {},
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
