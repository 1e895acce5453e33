// Runs every tests/bench/*.bench.ts module in one process, one after another (the machines
// are small and shared: concurrent benchmarks would measure each other), and writes
// bench-results.json at the repository root. `npm run bench -- api` runs only the modules
// whose file name contains "api".
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule, BenchResult } from './bench-result';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const filter = process.argv[2] ?? '';

const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .toSorted();

const benchmarks: BenchResult[] = [];
const failures: string[] = [];
for (const file of files) {
  const started = performance.now();
  process.stdout.write(`bench ${file} ... `);
  try {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as {
      default: BenchModule;
    };
    const results = await mod.default();
    benchmarks.push(...results);
    console.log(
      `${results.length} figures in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    failures.push(file);
    console.log('failed');
    console.error(error);
  }
}

const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  benchmarks,
};
await writeFile(path.join(root, 'bench-results.json'), JSON.stringify(out, null, 2) + '\n');
console.log(JSON.stringify(benchmarks, null, 2));
if (failures.length > 0) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
