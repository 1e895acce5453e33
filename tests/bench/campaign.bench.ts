// Campaign benchmarks on PGlite, through the API (inject: the server's work, no sockets):
// - campaign.import_100000: a library file of 100,000 compound wells imported;
// - campaign.generate_Nx1536 and campaign.plan_Nx1536: a primary screen, one point per
//   compound, 1,408 per 1536 plate and 128 controls, from 384PP library plates: generate the
//   plates, then plan and export the whole campaign's picklist. N is 300 plates (422,400
//   compounds in 1,100 library plates, the full screen) unless CAMPAIGN_BENCH_PLATES says
//   otherwise (CAMPAIGN_BENCH_ONLY=import runs the import figure alone). Each figure has its
//   wall time and the process's CPU time (the machines are shared: the CPU time is what the
//   work costs when another process takes the cores), and the peaks of the resident set and
//   of the heap;
// - campaign.plate_patch_in_N: one-well edits on a plate in the middle of the screen, with the
//   same edits on the plate of a one-plate campaign (lone_*) to compare;
// - campaign.dose_response_15x1536: 1,000 compounds x 10 points x 2 replicates (15 plates),
//   generated, planned and exported.
// Each is run once (a run writes hundreds of plates); the figures carry the heap peak.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import type { LibraryWell } from '../../src/domain/campaign/library';
import { buildApp } from '../../src/server/app';
import { libraryRepository } from '../../src/server/campaigns/library-repository';
import { parseConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connect';
import { idOfIndex } from '../../src/domain/well-id';
import { plateDefn } from '../../src/domain/plate-format';
import { percentile, round3, summarize, type BenchResult } from './bench-result';

const JWT_SECRET = 'bench-jwt-secret-for-hs256-signing-0123456789';
const OWNER = 'bench-user';

/** 128 controls in columns 1-2 and 47-48, POS and NEG in a checkerboard. */
const CONTROLS = {
  name: 'Edge controls',
  wells: [0, 1, 46, 47].flatMap((dc) =>
    Array.from({ length: 32 }, (_, dr) =>
      (dr + dc) % 2 === 0
        ? { dr, dc, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] }
        : { dr, dc, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
    ),
  ),
};

const REAGENTS = [
  {
    name: 'Staurosporine',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 10,
    default_concentration_units: 'mM',
  },
  { name: 'Assay buffer', reagent_type: 'media' },
];

/** n compounds in 384PP plates of 10 mM DMSO stocks, 40 uL each. */
function libraryWells(n: number, prefix: string): LibraryWell[] {
  const d = plateDefn(384);
  return Array.from({ length: n }, (_, k) => ({
    barcode: `${prefix}${String(Math.floor(k / 384) + 1).padStart(5, '0')}`,
    plate_type: '384PP_DMSO2',
    well: idOfIndex(d, k % 384),
    compound_id: `${prefix}-${k + 1}`,
    compound_name: '',
    concentration_nM: 1e7,
    solvent: 'DMSO',
    volume_uL: 40,
    molecular_weight: null,
  }));
}

function libraryCsv(n: number): string {
  const lines = ['Barcode,Well,Compound ID,Concentration,Unit,Volume'];
  for (const w of libraryWells(n, 'IMP'))
    lines.push(`${w.barcode},${w.well},${w.compound_id},10,mM,40`);
  return lines.join('\n');
}

/** The process's CPU time since `since`, ms. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
}

export default async function campaignBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plate-bench-campaign-'));
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SUPABASE_JWT_SECRET: JWT_SECRET,
    DEV_MODE_SECRET: 'bench-developer-secret',
    DATA_DIR: dataDir,
  });
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { database, distDir: null });
  await app.ready();
  const token = await new SignJWT({ role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(OWNER)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
    const started = performance.now();
    const res = await app.inject({ method, url, headers, payload: body });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms: performance.now() - started, res };
  };
  /** 20 one-well PATCHes to warm up, then 100 measured: thread CPU ms of each, and the mean. */
  const oneWellEdits = async (experimentId: number) => {
    const url = `/api/experiments/${experimentId}/plate`;
    const defn = plateDefn(1536);
    let version = (await call('GET', url)).res.json().version as number;
    const cpu: number[] = [];
    const loop = process.threadCpuUsage();
    for (let i = 0; i < 120; i++) {
      if (i === 20) Object.assign(loop, process.threadCpuUsage());
      const before = process.threadCpuUsage();
      const { res } = await call('PATCH', url, {
        version,
        ops: [
          {
            op: 'set',
            wells: [idOfIndex(defn, (i % 32) * 48 + 2 + (i % 44))],
            reagent: 'staurosporine',
            target_nM: 100 + i,
          },
        ],
      });
      const used = process.threadCpuUsage(before);
      if (i >= 20) cpu.push((used.user + used.system) / 1000);
      version = (res.json() as { version: number }).version;
    }
    const used = process.threadCpuUsage(loop);
    return { cpu, mean: round3((used.user + used.system) / 1000 / 100) };
  };
  let peak = 0;
  let heapPeak = 0;
  const sample = setInterval(() => {
    const used = process.memoryUsage();
    peak = Math.max(peak, used.rss);
    heapPeak = Math.max(heapPeak, used.heapUsed);
  }, 20);
  const mb = () => Math.round(peak / 1e6);
  const heapMb = () => Math.round(heapPeak / 1e6);
  const results: BenchResult[] = [];
  try {
    const cpuImport = process.cpuUsage();
    const imported = await call('POST', '/api/libraries', {
      name: 'Import',
      file_base64: Buffer.from(libraryCsv(100_000)).toString('base64'),
    });
    results.push(
      summarize('campaign.import_100000', [imported.ms], {
        wells: 100_000,
        cpu_ms: cpuMs(cpuImport),
        goal_ms: 5000,
      }),
    );
    // CAMPAIGN_BENCH_ONLY=import: the import figure alone (the screen's figures take minutes)
    if (process.env.CAMPAIGN_BENCH_ONLY === 'import') return results;

    // the primary screen's library: 1,408 compounds a plate (422,400 in 1,100 plates for 300)
    const plates = Number(process.env.CAMPAIGN_BENCH_PLATES ?? 300);
    const libraries = libraryRepository(database.db);
    const primary = await libraries.create(OWNER, 'Primary', libraryWells(plates * 1408, 'LIB'));
    global.gc?.();
    peak = 0;
    heapPeak = 0;
    const cpuGenerate = process.cpuUsage();
    const generated = await call('POST', '/api/campaigns', {
      name: 'Primary screen',
      format: 1536,
      library_id: primary,
      barcode: { prefix: 'PS', digits: 4 },
      layout: { template: CONTROLS, shift_seed: 7 },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: REAGENTS,
    });
    const generateCpu = cpuMs(cpuGenerate);
    const made = generated.res.json() as { id: number; plates: unknown[] };
    results.push(
      summarize(`campaign.generate_${plates}x1536`, [generated.ms], {
        plates: made.plates.length,
        cpu_ms: generateCpu,
        rss_peak_MB: mb(),
        heap_peak_MB: heapMb(),
      }),
    );
    const cpuPlan = process.cpuUsage();
    const plan = await call('GET', `/api/campaigns/${made.id}/dispense-plan`);
    const planCpu = cpuMs(cpuPlan);
    const cpuPicklist = process.cpuUsage();
    const picklist = await call('GET', `/api/campaigns/${made.id}/export/picklist`);
    const picklistCpu = cpuMs(cpuPicklist);
    results.push(
      summarize(`campaign.plan_${plates}x1536`, [plan.ms + picklist.ms], {
        plan_ms: Math.round(plan.ms),
        picklist_ms: Math.round(picklist.ms),
        plan_cpu_ms: planCpu,
        picklist_cpu_ms: picklistCpu,
        picklist_rows: picklist.res.body.split('\n').length - 2,
        together_ms: Math.round(generated.ms + plan.ms + picklist.ms),
        together_cpu_ms: generateCpu + planCpu + picklistCpu,
        goal_ms: 5000,
        rss_peak_MB: mb(),
        heap_peak_MB: heapMb(),
      }),
    );

    // a one-well edit on a plate in the middle of the screen, against the same edit on the
    // plate of a one-plate campaign (a lone plate of the same kind): server thread CPU
    const middle = (made.plates as { experiment_id: number }[])[Math.floor(plates / 2)];
    const loneLibrary = await libraries.create(OWNER, 'Lone', libraryWells(1408, 'ONE'));
    const lone = await call('POST', '/api/campaigns', {
      name: 'Lone plate',
      format: 1536,
      library_id: loneLibrary,
      barcode: { prefix: 'LP', digits: 2 },
      layout: { template: CONTROLS },
      dose: { top: { value: 10, unit: 'uM' } },
      reagents: REAGENTS,
    });
    const loneId = (lone.res.json() as { plates: { experiment_id: number }[] }).plates[0]
      .experiment_id;
    const inCampaign = await oneWellEdits(middle.experiment_id);
    const onLone = await oneWellEdits(loneId);
    results.push(
      summarize(`campaign.plate_patch_in_${plates}`, inCampaign.cpu, {
        measure: 'server thread CPU ms per one-well PATCH on a campaign plate (inject)',
        cpu_mean: inCampaign.mean,
        lone_p50: percentile(onLone.cpu, 50),
        lone_cpu_mean: onLone.mean,
        ratio_of_means: round3(inCampaign.mean / onLone.mean),
      }),
    );

    const dose = await libraries.create(OWNER, 'Follow-up', libraryWells(1000, 'DR'));
    const started = performance.now();
    const doseMade = await call('POST', '/api/campaigns', {
      name: 'Dose response',
      format: 1536,
      library_id: dose,
      barcode: { prefix: 'DR', digits: 3 },
      layout: { template: CONTROLS },
      dose: { top: { value: 10, unit: 'uM' }, points: 10, factor: 3, replicates: 2 },
      reagents: REAGENTS,
    });
    const doseId = (doseMade.res.json() as { id: number }).id;
    await call('GET', `/api/campaigns/${doseId}/export/picklist`);
    results.push(
      summarize('campaign.dose_response_15x1536', [performance.now() - started], {
        plates: (doseMade.res.json() as { plates: unknown[] }).plates.length,
        goal_ms: 1000,
      }),
    );
  } finally {
    clearInterval(sample);
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
