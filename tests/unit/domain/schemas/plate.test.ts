import { describe, expect, it } from 'vitest';
import { platePutSchema } from '../../../../src/domain/schemas/plate';
import { payloadIssues } from '../../../../src/domain/schemas/issues';

const body = {
  version: 7,
  defn: { format: 1536, rows: 32, cols: 48 },
  wells: {
    C5: {
      targets: {
        staurosporine: { target_nM: 1000, tol_pct: 5, volume_uL: 0.5, final_vol_uL: 50 },
        dmso: { target_nM: null, volume_uL: 49.5 },
      },
      label: '',
      sample: '',
      tags: ['TARGET:staurosporine@1000'],
      predicted: { staurosporine: { nM: 123, err_pct: 99 } },
      metrics: { volumeUl: 1 },
      vehicle_vv_pct: 42,
    },
  },
  indices: { unmet: ['C5'] },
  hash: 'feed',
};

function issuesOf(input: unknown) {
  const r = platePutSchema.safeParse(input);
  expect(r.success).toBe(false);
  return r.success ? [] : payloadIssues(r.error);
}

describe('plate PUT body', () => {
  it('accepts the DOMAIN.md example and drops derived fields', () => {
    const r = platePutSchema.parse(body);
    expect(r.version).toBe(7);
    expect(r.defn).toEqual({ format: 1536, rows: 32, cols: 48 });
    expect(r.wells.C5.targets.staurosporine).toEqual({
      target_nM: 1000,
      tol_pct: 5,
      volume_uL: 0.5,
      dilution: undefined,
    });
    expect(r.wells.C5.targets.dmso.target_nM).toBeNull();
    expect('predicted' in r.wells.C5).toBe(false);
    expect('vehicle_vv_pct' in r.wells.C5).toBe(false);
    expect('final_vol_uL' in r.wells.C5.targets.staurosporine).toBe(false);
    expect('indices' in r).toBe(false);
    expect('hash' in r).toBe(false);
  });

  it('fills label, sample, tags and targets when absent', () => {
    const r = platePutSchema.parse({ version: 0, defn: { format: '96' }, wells: { A1: {} } });
    expect(r.defn).toEqual({ format: 96, rows: 8, cols: 12 });
    expect(r.wells.A1).toEqual({ targets: {}, label: '', sample: '', tags: [] });
  });

  it('names the well and field of a negative volume', () => {
    const bad = structuredClone(body);
    bad.wells.C5.targets.dmso.volume_uL = -1;
    const issues = issuesOf(bad);
    expect(issues).toEqual([{ path: 'wells.C5.targets.dmso.volume_uL', message: 'must be >= 0' }]);
  });

  it('refuses a target past 1e15 nM (1e308 was stored and shown as an error)', () => {
    const bad = structuredClone(body);
    bad.wells.C5.targets.staurosporine.target_nM = 1e308;
    expect(issuesOf(bad)).toEqual([
      {
        path: 'wells.C5.targets.staurosporine.target_nM',
        message: 'must be at most 1e15',
      },
    ]);
  });

  it('refuses non-numbers and non-finite numbers', () => {
    const bad = structuredClone(body) as unknown as {
      wells: { C5: { targets: Record<string, Record<string, unknown>> } };
    };
    bad.wells.C5.targets.staurosporine.target_nM = Number.POSITIVE_INFINITY;
    bad.wells.C5.targets.dmso.volume_uL = '49.5';
    const paths = issuesOf(bad).map((i) => i.path);
    expect(paths).toContain('wells.C5.targets.staurosporine.target_nM');
    expect(paths).toContain('wells.C5.targets.dmso.volume_uL');
  });

  it('refuses a defn that does not match its format', () => {
    const issues = issuesOf({ ...body, defn: { format: 384, rows: 32, cols: 48 } });
    expect(issues[0].path).toBe('defn');
    expect(issues[0].message).toBe('a 384-well plate has 16 rows and 24 columns');
    expect(issuesOf({ ...body, defn: { format: 100 } })[0].path).toBe('defn.format');
  });

  it('bounds sizes', () => {
    const tags = Array.from({ length: 33 }, (_, i) => `t${i}`);
    const many = issuesOf({ version: 1, defn: { format: 96 }, wells: { A1: { tags } } });
    expect(many[0]).toEqual({ path: 'wells.A1.tags', message: 'must hold at most 32 tags' });
    const long = issuesOf({
      version: 1,
      defn: { format: 96 },
      wells: { A1: { label: 'x'.repeat(201) } },
    });
    expect(long[0]).toEqual({ path: 'wells.A1.label', message: 'must be at most 200 characters' });
    const wells = Object.fromEntries(Array.from({ length: 1537 }, (_, i) => [`W${i}`, {}]));
    expect(issuesOf({ version: 1, defn: { format: 1536 }, wells })[0].message).toBe(
      'must hold at most 1536 wells',
    );
  });

  it('requires a version', () => {
    expect(issuesOf({ defn: { format: 96 }, wells: {} })[0].path).toBe('version');
    expect(issuesOf({ version: -1, defn: { format: 96 }, wells: {} })[0].path).toBe('version');
  });
});
