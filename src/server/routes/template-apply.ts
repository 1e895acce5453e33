// A saved template laid on several plates: each plate through the plate service's PATCH, at
// its own current version, so each is all or nothing and a refused plate leaves the others.
import type { LayoutTemplate } from '../../domain/layout/templates';
import type { TemplateApplyResult } from '../../domain/schemas/template-apply';
import { HttpError } from '../errors';
import type { PlateService } from '../plate/plate-service';

/** Tries per plate: a write that lands between the head read and the PATCH is read again. */
const ATTEMPTS = 2;

async function applyToOne(
  plates: PlateService,
  ownerId: string,
  experimentId: number,
  template: LayoutTemplate,
  at: string,
): Promise<TemplateApplyResult> {
  const refused = (detail: string) => ({ experiment_id: experimentId, ok: false as const, detail });
  for (let attempt = 1; ; attempt += 1) {
    let result: Awaited<ReturnType<PlateService['patch']>>;
    try {
      const { version } = await plates.head(ownerId, experimentId);
      result = await plates.patch(ownerId, experimentId, {
        version,
        ops: [{ op: 'template', template, at }],
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        return refused(`Experiment ${experimentId} is not yours or does not exist`);
      }
      throw error;
    }
    if (result.ok) {
      const { answer } = result;
      return {
        experiment_id: experimentId,
        ok: true,
        version: answer.version,
        changed: Object.keys(answer.changed).length + answer.removed.length,
      };
    }
    if (result.status === 400 || attempt === ATTEMPTS) return refused(result.body.detail);
  }
}

/** The template applied at `at` on each experiment in turn (each id once, in order given). */
export async function applyTemplateToPlates(
  plates: PlateService,
  ownerId: string,
  template: LayoutTemplate,
  at: string,
  experimentIds: readonly number[],
): Promise<TemplateApplyResult[]> {
  const results: TemplateApplyResult[] = [];
  // One after the other: each is a full plate write, and 50 at once would hold 50 plates.
  for (const id of new Set(experimentIds)) {
    results.push(await applyToOne(plates, ownerId, id, template, at));
  }
  return results;
}
