/** Layout templates, kept per user on the server (API "Layout templates"). */
import type { LayoutTemplate } from '../domain/layout/templates';
import type { OneTemplate } from '../domain/schemas/template';
import type { TemplateApplyResult } from '../domain/schemas/template-apply';
import { apiRequest } from './http-client';

export type { TemplateApplyResult };

/** POST /api/templates: saves (or replaces by name) a template; answers its id. */
export async function saveTemplate(template: LayoutTemplate): Promise<number> {
  const answer = await apiRequest<OneTemplate>('/api/templates', {
    method: 'POST',
    body: template,
  });
  return answer.template.id;
}

/** POST /api/templates/{id}/apply: the template at `at` on each plate, one line per plate. */
export async function applyTemplateToPlates(
  templateId: number,
  experimentIds: readonly number[],
  at: string,
): Promise<TemplateApplyResult[]> {
  const answer = await apiRequest<{ results: TemplateApplyResult[] }>(
    `/api/templates/${templateId}/apply`,
    { method: 'POST', body: { experiment_ids: experimentIds, at } },
  );
  return answer.results;
}
