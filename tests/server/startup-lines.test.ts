// The start-up lines never show a developer secret the operator set in the environment.
import { describe, expect, it } from 'vitest';
import { resolveDevSecret } from '../../src/server/auth/dev-secret';
import { startupLines } from '../../src/server/startup-lines';
import { tempDir } from './helpers';

describe('start-up lines', () => {
  it('print a generated secret outside production, never one given in DEV_MODE_SECRET', async () => {
    const data = await tempDir();
    try {
      const generated = await resolveDevSecret({
        devModeSecret: null,
        nodeEnv: 'development',
        dataDir: data.dir,
      });
      expect(startupLines(8000, generated, { nodeEnv: 'development' })).toEqual([
        'Plate Workstation running at http://localhost:8000',
        `Developer secret: ${generated.secret}`,
      ]);
      for (const nodeEnv of ['development', 'test', 'production'] as const) {
        const given = await resolveDevSecret({
          devModeSecret: 'operator-chosen-secret',
          nodeEnv,
          dataDir: data.dir,
        });
        const lines = startupLines(8000, given, { nodeEnv });
        expect(lines).toEqual(['Plate Workstation running at http://localhost:8000']);
        expect(lines.join('\n')).not.toContain('operator-chosen-secret');
      }
      expect(startupLines(8000, generated, { nodeEnv: 'production' })).toHaveLength(1);
    } finally {
      await data.remove();
    }
  });
});
