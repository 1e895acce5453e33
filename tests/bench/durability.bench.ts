// The kill -9 durability run: the real server process (npm run serve) on an on-disk PGlite,
// writers saving plates as fast as they are answered, and the process killed with SIGKILL
// at a random moment, 10 times. After each restart every plate must be at least at the
// version its last acknowledged write returned: an answered write is never lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { plateDefn } from '../../src/domain/plate-format';
import { idOfIndex } from '../../src/domain/well-id';
import type { BenchResult } from './bench-result';
import { editRequest } from './load-mix-clients';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const JWT_SECRET = 'bench-jwt-secret-for-hs256-signing-0123456789';
const KILLS = 10;
const WRITERS = 4;
const BENCH = [
  {
    name: 'Compound A',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    molecular_weight_g_per_mol: 400,
    default_concentration_value: 10,
    default_concentration_units: 'mM',
  },
  {
    name: 'Compound B',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    molecular_weight_g_per_mol: 500,
    default_concentration_value: 1,
    default_concentration_units: 'mM',
  },
  {
    name: 'DMSO',
    reagent_type: 'solvent',
    default_concentration_value: 100,
    default_concentration_units: '%',
    max_concentration_percent: 1,
  },
  { name: 'Assay medium', reagent_type: 'media', ph: 7.4 },
];

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SUPABASE_JWT_SECRET: JWT_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listened to from the start: the exit may come before anyone waits for it.
  const exited = new Promise((r) => child.once('exit', r));
  let out = '';
  let err = '';
  child.stderr?.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (c) => {
      out += c;
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}`, exited });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

export default async function durabilityBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plate-durability-'));
  const token = await new SignJWT({ email: 'bench@example.org', role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('durability')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const defn = plateDefn(96);
  const wellIds = Array.from({ length: 96 }, (_, w) => idOfIndex(defn, w));
  const acked = new Map<number, number>();
  let lost = 0;
  let acknowledged = 0;
  const lossDetails: string[] = [];
  try {
    let { child, base, exited } = await startServer(dataDir);
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers,
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    for (let w = 0; w < WRITERS; w++) {
      const created = await call('POST', '/api/experiments/', { name: `D${w}`, plate_type: '96' });
      const { id } = (await created.json()) as { id: number };
      for (const r of BENCH) await call('POST', `/api/experiments/${id}/bench/reagents`, r);
      acked.set(id, 0);
    }
    for (let kill = 0; kill < KILLS; kill++) {
      const run = { stop: false };
      const writers = [...acked.keys()].map(async (id) => {
        let version = acked.get(id) ?? 0;
        while (!run.stop) {
          const req = editRequest(id, version, wellIds[version % 96], version);
          try {
            const res = await call(req.method, req.url, req.body);
            if (res.status === 200) {
              version += 1;
              acked.set(id, version);
              acknowledged += 1;
            } else await res.arrayBuffer();
          } catch {
            return; // the server died mid-request: that write was never acknowledged
          }
        }
      });
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 1500));
      child.kill('SIGKILL');
      run.stop = true;
      await Promise.all(writers);
      await exited;
      ({ child, base, exited } = await startServer(dataDir));
      for (const [id, version] of acked) {
        const res = await call('GET', `/api/experiments/${id}/plate`);
        const stored = (await res.json()) as { version: number };
        if (stored.version < version) {
          lost += version - stored.version;
          lossDetails.push(
            `kill ${kill}: experiment ${id} at ${stored.version}, acknowledged ${version}`,
          );
        }
        // A write committed but not answered before the kill is the newer base.
        acked.set(id, stored.version);
      }
    }
    child.kill('SIGTERM');
    await exited;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (lost > 0) console.error(lossDetails.join('\n'));
  return [
    {
      name: 'durability.kill9_pglite',
      unit: 'writes',
      p50: lost,
      p95: lost,
      n: acknowledged,
      kills: KILLS,
      acknowledged_writes: acknowledged,
      lost_acknowledged_writes: lost,
    },
  ];
}
