// A fake of LINE's API for line-liff.spec.ts, started by playwright.config.ts beside the first cafe
// server (its LINE_API_URL). It checks an ID token as LINE's `POST /oauth2/v2.1/verify` does: a
// form body whose `client_id` is the LINE Login channel's id and whose `id_token` it issued, else
// 400. Its tokens are `e2e-line.<base64url of { sub, name }>` (lineIdToken below), so a spec makes
// the LINE accounts it needs. Every other call (the bot's replies and pushes) is taken with 200.
// LINE_FAKE_PORT: where it listens; LINE_LOGIN_CHANNEL_ID: the channel whose tokens it accepts.
import { createServer } from 'node:http';

const PREFIX = 'e2e-line.';

/** An ID token this fake knows, of the LINE account `sub` named `name`. */
export function lineIdToken(sub: string, name: string): string {
  return PREFIX + Buffer.from(JSON.stringify({ sub, name })).toString('base64url');
}

function claimsOf(token: string): { sub: string; name: string } | null {
  if (!token.startsWith(PREFIX)) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.slice(PREFIX.length), 'base64url').toString('utf8')) as {
      sub?: unknown;
      name?: unknown;
    };
    return typeof claims.sub === 'string' && typeof claims.name === 'string'
      ? { sub: claims.sub, name: claims.name }
      : null;
  } catch {
    return null;
  }
}

if (process.env.LINE_FAKE_PORT) {
  const channelId = process.env.LINE_LOGIN_CHANNEL_ID ?? '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (req.url === '/ready') return send(200, {});
      if (req.method === 'POST' && req.url === '/oauth2/v2.1/verify') {
        const form = new URLSearchParams(body);
        const claims = form.get('client_id') === channelId ? claimsOf(form.get('id_token') ?? '') : null;
        if (!claims) return send(400, { error: 'invalid_request', error_description: 'Invalid IdToken.' });
        const now = Math.floor(Date.now() / 1000);
        return send(200, {
          iss: 'https://access.line.me',
          sub: claims.sub,
          aud: channelId,
          exp: now + 86_400,
          iat: now,
          amr: ['linesso'],
          name: claims.name,
        });
      }
      send(200, {});
    });
  });
  server.listen(Number(process.env.LINE_FAKE_PORT), '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
