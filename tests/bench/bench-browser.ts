// What the browser benchmarks share: the benchmark page (tests/bench/browser) built with its
// own vite config and served by vite's preview server in this process, Debian's chromium
// driven by Playwright, a call into the page's benchmark object, and the main thread's CPU
// time of marked steps from a Chrome trace.
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { percentile, round3, type BenchResult } from './bench-result';
import { stepCpuTimes } from './trace-cpu';

const here = path.dirname(fileURLToPath(import.meta.url));
const configFile = path.join(here, 'vite.bench.config.ts');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The built benchmark page served locally, and a chromium to open it in. */
export interface BenchBrowser {
  browser: Browser;
  /** http://127.0.0.1:<port>/ */
  url: string;
  close(): Promise<void>;
}

/** Builds and serves the benchmark page and launches chromium (close() ends both). */
export async function openBenchBrowser(): Promise<BenchBrowser> {
  await build({ configFile, logLevel: 'warn' });
  const port = await freePort();
  const server = await preview({
    configFile,
    preview: { port, host: '127.0.0.1', strictPort: true },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    browser,
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

/** Calls window[global][name](...args) in the page (typed by each driver's own wrapper). */
export function callPage(
  page: Page,
  global: string,
  name: string,
  args: readonly unknown[],
): Promise<unknown> {
  return page.evaluate(
    ([g, n, a]) => {
      const api = (
        globalThis as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>
      )[g];
      return api[n](...a);
    },
    [global, name, args] as const,
  );
}

const tracePath = path.resolve(here, '../../.tmp/bench-trace.json');

/**
 * Main-thread CPU time of each step of `run`, from a Chrome trace taken around it; the page
 * marks its steps while `setMarks(true)` is on.
 */
export async function tracedCpu(
  browser: Browser,
  page: Page,
  setMarks: (on: boolean) => Promise<unknown>,
  run: () => Promise<unknown>,
): Promise<number[]> {
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['toplevel', 'blink.user_timing', '__metadata'],
  });
  await setMarks(true);
  await run();
  await setMarks(false);
  await browser.stopTracing();
  const trace = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: never[] };
  await rm(tracePath, { force: true });
  return stepCpuTimes(trace.traceEvents, 'bench-step-start', 'bench-step-end');
}

/** The main_cpu_* fields of a figure. */
export function cpuFields(cpu: number[]): Partial<BenchResult> {
  return {
    main_cpu_p50: round3(percentile(cpu, 50)),
    main_cpu_p95: round3(percentile(cpu, 95)),
    main_cpu_n: cpu.length,
  };
}
