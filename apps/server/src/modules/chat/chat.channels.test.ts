import { CHAT_CHANNELS } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { peopleCatalogue } from '../../lib/people-texts';
import { GOOGLE_CHAT_INFO } from '../google-chat/google-chat.service';
import { LINE_INFO } from '../line/line.service';
import { SLACK_INFO } from '../slack/slack.service';
import { TEAMS_INFO } from '../teams/teams.service';

/** The adapters' facts as services.ts lists them for the chat module. */
const INFOS = { slack: SLACK_INFO, line: LINE_INFO, teams: TEAMS_INFO, 'google-chat': GOOGLE_CHAT_INFO };

describe("each chat's facts (ChatChannelInfo)", () => {
  it('word a person not (or no longer) linked, and a channel that is off, in English and Thai', () => {
    const catalogue = peopleCatalogue();
    for (const channel of CHAT_CHANNELS) {
      const info = INFOS[channel];
      const ids = [
        info.notFound.text.id,
        ...['notLinked', 'revoked', 'accountGone'].map((w) => `people.${info.words}.link.${w}`),
      ];
      for (const id of ids) {
        for (const language of ['en', 'th'] as const)
          expect(catalogue.has(language, id), `${id} ${language}`).toBe(true);
      }
    }
  });

  it('say a channel with nothing configured is off, with every setting unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', DEMO: 'off' });
    for (const channel of CHAT_CHANNELS) {
      expect(INFOS[channel].configOf(config), channel).toBeNull();
      const settings = INFOS[channel].settings(config);
      expect(settings.length, channel).toBeGreaterThan(0);
      expect(
        settings.filter((s) => s.set),
        channel,
      ).toEqual([]);
    }
  });
});
