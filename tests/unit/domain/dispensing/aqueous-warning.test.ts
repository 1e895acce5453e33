// Only an aqueous liquid shot from a DMSO source plate is warned about. DMSO itself (a
// solvent whose `solvent` field is empty) was read as aqueous: every acoustic plan with DMSO
// on the bench warned "DMSO is aqueous ... use an aqueous source plate type", which, followed,
// would change every droplet.
import { describe, expect, it } from 'vitest';
import { planDispense } from '../../../../src/domain/dispensing/plan';
import { plateDefn } from '../../../../src/domain/plate-format';
import { CPD, DMSO, MEDIA } from './fixtures';

const SALINE = { ...MEDIA, slug: 'saline', name: 'Saline', type: 'other' as const };
const defn = plateDefn(1536);

describe('aqueous source warning', () => {
  it('does not call DMSO aqueous; says it of an aqueous liquid dispensed by droplets', () => {
    const plan = planDispense(
      defn,
      {
        A1: {
          targets: {
            cpd: { target_nM: 5000, volume_uL: 0.0025 },
            dmso: { target_nM: null, volume_uL: 0.0225 },
            media: { target_nM: null, volume_uL: 5 },
          },
        },
        A2: {
          targets: {
            saline: { target_nM: null, volume_uL: 0.025 },
            media: { target_nM: null, volume_uL: 5 },
          },
        },
      },
      [CPD, DMSO, MEDIA, SALINE],
      null,
    );
    expect(plan.transfers.map((t) => t.reagent).toSorted()).toEqual(['cpd', 'dmso', 'saline']);
    const aqueous = plan.warnings.filter((w) => w.includes('is aqueous'));
    expect(aqueous).toEqual([
      'Saline is aqueous: 1536LDV_DMSO is calibrated for DMSO; use an aqueous source plate type.',
    ]);
  });
});
