// /api/templates: the layout templates of the screening tools, kept per user. A template is
// a name and wells relative to its top-left (reagents, targets, tags); the designer and the
// assistant apply it with the "template" plate op at any offset, on any plate of a campaign.
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../domain/schemas/experiment';
import { templateBodySchema } from '../../domain/schemas/layout-ops';
import { oneTemplateSchema, templateListSchema } from '../../domain/schemas/template';
import {
  templateApplyAnswerSchema,
  templateApplySchema,
} from '../../domain/schemas/template-apply';
import { userOf } from '../auth/request-user';
import type { Db } from '../db/connect';
import { layoutTemplates } from '../db/schema';
import { HttpError } from '../errors';
import type { PlateService } from '../plate/plate-service';
import { applyTemplateToPlates } from './template-apply';

/** Templates one user may keep. */
export const MAX_TEMPLATES = 500;

const tags = ['Templates'];
const templateNotFound = () => new HttpError(404, 'Template not found');

const params = z.object({ templateId: idParamSchema('Template not found') });

type Row = typeof layoutTemplates.$inferSelect;

function toJson(row: Row) {
  return {
    id: row.id,
    name: row.name,
    wells: row.wells,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Registers GET/POST /templates, DELETE /templates/:templateId and
 * POST /templates/:templateId/apply (prefix /api).
 */
export async function templateRoutes(
  fastify: FastifyInstance,
  options: { db: Db; plates: PlateService },
): Promise<void> {
  const { db, plates } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/templates',
    {
      schema: {
        summary: 'Your layout templates, by name',
        tags,
        response: { 200: templateListSchema },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(layoutTemplates)
        .where(eq(layoutTemplates.ownerId, userOf(request).id))
        .orderBy(asc(layoutTemplates.name), asc(layoutTemplates.id));
      return { templates: rows.map(toJson) };
    },
  );

  app.post(
    '/templates',
    {
      schema: {
        summary: 'Save a layout template (a template of the same name is replaced)',
        tags,
        body: templateBodySchema,
        response: { 200: oneTemplateSchema, 201: oneTemplateSchema },
      },
    },
    async (request, reply) => {
      const owner = userOf(request).id;
      const { name, wells } = request.body;
      const [replaced] = await db
        .update(layoutTemplates)
        .set({ wells, updatedAt: new Date() })
        .where(and(eq(layoutTemplates.ownerId, owner), eq(layoutTemplates.name, name)))
        .returning();
      if (replaced) return reply.status(200).send({ template: toJson(replaced) });
      const [{ n }] = await db
        .select({ n: count() })
        .from(layoutTemplates)
        .where(eq(layoutTemplates.ownerId, owner));
      if (n >= MAX_TEMPLATES) {
        throw new HttpError(409, `You keep ${MAX_TEMPLATES} templates: delete one first`);
      }
      const [row] = await db
        .insert(layoutTemplates)
        .values({ ownerId: owner, name, wells })
        .onConflictDoUpdate({
          target: [layoutTemplates.ownerId, layoutTemplates.name],
          set: { wells, updatedAt: new Date() },
        })
        .returning();
      return reply.status(201).send({ template: toJson(row) });
    },
  );

  app.delete(
    '/templates/:templateId',
    {
      schema: {
        summary: 'Delete one of your layout templates',
        tags,
        params,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const id = request.params.templateId;
      const deleted = await db
        .delete(layoutTemplates)
        .where(and(eq(layoutTemplates.id, id), eq(layoutTemplates.ownerId, userOf(request).id)))
        .returning({ id: layoutTemplates.id });
      if (deleted.length === 0) throw templateNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/templates/:templateId/apply',
    {
      schema: {
        summary:
          'Apply one of your templates to several of your plates, each at its current version (all or nothing per plate)',
        tags,
        params,
        body: templateApplySchema,
        response: { 200: templateApplyAnswerSchema },
      },
    },
    async (request) => {
      const owner = userOf(request).id;
      const id = request.params.templateId;
      const [row] = await db
        .select()
        .from(layoutTemplates)
        .where(and(eq(layoutTemplates.id, id), eq(layoutTemplates.ownerId, owner)));
      if (!row) throw templateNotFound();
      // Saved through templateBodySchema; read back through it so the op gets typed wells.
      const template = templateBodySchema.parse({ name: row.name, wells: row.wells });
      const { experiment_ids, at = 'A1' } = request.body;
      const results = await applyTemplateToPlates(plates, owner, template, at, experiment_ids);
      return { results };
    },
  );
}
