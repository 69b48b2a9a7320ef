import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamsConfig } from '../config-chat';
import { createTeamsAuth } from './teams-auth';
import { createTeamsConnector } from './teams-connector';

/**
 * A connection that drops before any answer (a kept-alive connection the other side closed as it
 * was reused, a reset): the bot's idempotent calls to the Bot Connector (a member looked up, a card
 * updated) and its token are asked once more; a new message is not (it could be posted twice).
 * A local HTTP server that drops the first `drop` requests it gets, then answers.
 */
describe('the Teams calls when a connection drops', () => {
  let server: Server;
  let url = '';
  let drop = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (drop > 0) {
        drop -= 1;
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => {
        const body =
          req.url === '/token'
            ? { token_type: 'Bearer', expires_in: 3600, access_token: 'bot-token' }
            : req.method === 'GET'
              ? { id: '29:aad-1', name: 'Ann', email: 'ann@example.com' }
              : { id: 'activity-1' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    drop = 0;
  });

  const connector = () => createTeamsConnector({ botToken: async () => 'bot-token' });
  const at = () => ({ serviceUrl: `${url}/teams/`, conversationId: 'a:conv-1' });

  it('looks a member up again once, and updates a card again once', async () => {
    drop = 1;
    await expect(connector().member(at(), 'aad-1')).resolves.toMatchObject({ email: 'ann@example.com' });
    expect(seen).toEqual([
      'GET /teams/v3/conversations/a:conv-1/members/aad-1',
      'GET /teams/v3/conversations/a:conv-1/members/aad-1',
    ]);
    seen.length = 0;
    drop = 1;
    await connector().update(at(), 'activity-1', async () => ({ text: 'Ready' }));
    expect(seen.filter((line) => line.startsWith('PUT'))).toHaveLength(2);
  });

  it('gives up a member after a second drop, and never posts a new message twice', async () => {
    drop = 2;
    await expect(connector().member(at(), 'aad-1')).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(2);
    seen.length = 0;
    drop = 1;
    await expect(connector().send(at(), { text: 'Hello' })).rejects.toThrow(TypeError);
    expect(seen).toEqual(['POST /teams/v3/conversations/a:conv-1/activities']);
  });

  it("asks for the bot's token again once", async () => {
    const config: TeamsConfig = {
      appId: 'app',
      appPassword: 'secret',
      tenantId: null,
      openIdMetadataUrl: `${url}/openid`,
      tokenUrl: `${url}/token`,
    };
    drop = 1;
    await expect(createTeamsAuth(config, () => new Date()).botToken()).resolves.toBe('bot-token');
    expect(seen).toEqual(['POST /token', 'POST /token']);
  });
});
