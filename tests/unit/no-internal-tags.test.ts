// knip's production run (`npm run unused`) fails on an export that only tests reach, except one
// tagged `@internal`: knip leaves those out of its production report by design. So that tag
// would let test-only code back in without a word; the product's code carries none.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('test-only exports', () => {
  it('no source file tags an export @internal (knip would not report it as unused)', () => {
    const tagged = sourceFiles(SRC)
      .filter((f) => /@internal\b/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(sourceFiles(SRC).length).toBeGreaterThan(100);
    expect(tagged).toEqual([]);
  });
});
