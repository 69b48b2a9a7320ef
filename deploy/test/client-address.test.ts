import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** The shipped nginx configuration, without its comments. */
const NGINX = readdirSync(path.join(REPO_ROOT, 'deploy/nginx'))
  .filter((name) => /\.(conf|template)$/.test(name))
  .map((name) => ({ name, text: read(`deploy/nginx/${name}`).replace(/#.*$/gm, '') }));

/**
 * The client's address the servers count and log (ASVS 4.1.3, 15.3.4): nginx, the edge, writes the
 * address it saw over whatever X-Forwarded-For a client sent, and the servers believe the header
 * from nginx's own address only.
 */
describe("the client's address behind nginx", () => {
  it('has every proxying block of nginx replace X-Forwarded-For with the address it saw, never append to it', () => {
    const proxying = NGINX.filter(({ text }) => /\bproxy_pass\b/.test(text));
    expect(proxying.map(({ name }) => name)).toEqual(expect.arrayContaining(['cafe-server.conf']));
    for (const { name, text } of proxying) {
      const passes = text.match(/\bproxy_pass\b/g)?.length ?? 0;
      const replaced = text.match(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr\s*;/g)?.length ?? 0;
      expect(replaced, name).toBe(passes);
    }
    for (const { name, text } of NGINX) {
      // Appending keeps what the client wrote; real_ip would make nginx itself believe a client's header.
      expect(text, name).not.toMatch(/\$proxy_add_x_forwarded_for|real_ip_header|set_real_ip_from/);
    }
  });

  it("has compose's servers believe X-Forwarded-For from nginx's fixed address only", () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; networks?: Record<string, unknown> }>;
    };
    const nginx = compose.services.nginx?.networks?.cafe as { ipv4_address?: string } | undefined;
    expect(nginx?.ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const name of ['server1', 'server2']) {
      expect(compose.services[name]?.environment?.TRUST_PROXY, name).toBe(nginx?.ipv4_address);
    }
  });
});
