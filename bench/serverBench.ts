import { createOrganization } from '../src/server/testing/uploads';
import { signUp } from '../src/server/testing/accounts';
import type { DatabaseKind } from '../src/server/testing/databases';
import { startTestServer, type TestServer } from '../src/server/testing/testServer';

/** A server for an HTTP benchmark: a fresh database, one signed-up user and an organization they own. */
export interface BenchServer {
  label: string;
  server: TestServer;
  token: string;
  organizationId: string;
}

/** PGlite always, PostgreSQL too when DATABASE_URL is set (each in a throwaway database). */
export async function startBenchServers(log: (message: string) => void): Promise<BenchServer[]> {
  const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const servers: BenchServer[] = [];
  for (const kind of kinds) {
    log(`starting a server on ${kind}`);
    const server = await startTestServer(kind);
    const session = await signUp(server, `bench-${kind}@example.com`);
    const organizationId = await createOrganization(server, session.user._id, 'Bench');
    servers.push({
      label: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      server,
      token: session.token,
      organizationId,
    });
  }
  return servers;
}

/** The same file with every object changed (its source version), so each timed upload stores new rows. */
export function variantOf(text: string, search: string, run: number): Uint8Array {
  if (!text.includes(search)) throw new Error(`the file has no ${search}`);
  return new TextEncoder().encode(text.replaceAll(search, search.replace('20.2.0', `20.2.${run + 1}`)));
}
