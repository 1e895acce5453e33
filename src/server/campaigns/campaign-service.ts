// Campaigns: N assay plates made from a library and a layout, each an ordinary experiment
// (its bench, its dispensing settings, its plate written through the plate writer with the
// domain's ops), and the campaign's dispense plan over all of them. Generation runs in one
// transaction: a campaign is made whole or not at all.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  layCampaign,
  orderCompounds,
  plateSamples,
  plateShapeOps,
  type CampaignCompound,
} from '../../domain/campaign/layout';
import { campaignPlanPlates, planCampaign, type CampaignPlan } from '../../domain/campaign/plan';
import { CAMPAIGN_LIMITS, type CampaignCreate } from '../../domain/campaign/schemas';
import type { LayoutTemplate } from '../../domain/layout/templates';
import { plateDefn, type PlateFormat } from '../../domain/plate-format';
import { reagentCreateSchema } from '../../domain/schemas/reagent';
import { templateBodySchema } from '../../domain/schemas/layout-ops';
import { toNanomolar } from '../../domain/units';
import type { Db } from '../db/connect';
import {
  benchReagents,
  campaignLayouts,
  campaignPlates,
  campaigns,
  experiments,
  layoutTemplates,
  plates,
} from '../db/schema';
import { HttpError, parseOrThrow } from '../errors';
import { benchFactsOf } from '../plate/plate-service';
import { listBench, listBenchFacts } from '../repositories/bench';
import { benchInsertOf, type BenchInsert } from '../repositories/bench-json';
import { campaignPlatesOf, LayoutRefused } from './campaign-plates';
import { PENDING_HASH } from './pending-plates';
import { planStamp } from './plan-stamp';
import {
  pendingPlanPlate,
  pendingPlatesOf,
  pendingWells,
  writtenWellsOf,
} from './campaign-contents';
import type { LibraryRepository } from './library-repository';

export const campaignNotFound = () => new HttpError(404, 'Campaign not found');

/** Plates whose compound ids one statement writes. */
const PLATES_PER_STATEMENT = 50;

/** What a campaign keeps of its request and of each plate's layout. */
interface CampaignSpec {
  request: CampaignCreate;
  stocks: Record<string, { concentration_nM: number; solvent: string }>;
  plates: { compounds: number; control_shift: number; empty_wells: number }[];
}

/** The bench slug of a library stock: one per concentration and solvent. */
function stockSlug(nM: number, solvent: string): string {
  const uM = Number((nM / 1000).toPrecision(6));
  return `library-${String(uM).replace('.', 'p')}um-${solvent.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The campaign functions of one database and plate service. */
export function campaignService(db: Db, libraries: LibraryRepository) {
  async function templateOf(ownerId: string, layout: CampaignCreate['layout']) {
    if (layout.template) return layout.template as LayoutTemplate;
    const [row] = await db
      .select()
      .from(layoutTemplates)
      .where(
        and(eq(layoutTemplates.id, layout.template_id!), eq(layoutTemplates.ownerId, ownerId)),
      );
    if (!row) throw new HttpError(404, 'Template not found');
    return templateBodySchema.parse({ name: row.name, wells: row.wells }) as LayoutTemplate;
  }

  /** The bench rows of one of the owner's experiments, as values to insert elsewhere. */
  async function benchOfExperiment(ownerId: string, experimentId: number) {
    const [owned] = await db
      .select({ id: experiments.id })
      .from(experiments)
      .where(and(eq(experiments.id, experimentId), eq(experiments.ownerId, ownerId)));
    if (!owned) throw new HttpError(404, `bench_from: experiment ${experimentId} not found`);
    return (await listBench(db, experimentId)).map(
      ({ id: _id, createdAt: _c, updatedAt: _u, ...row }): BenchInsert => row,
    );
  }

  /** Makes the campaign's plates; its id and plates. */
  async function create(ownerId: string, body: CampaignCreate) {
    const sources = await libraries.sources(ownerId, body.library_id);
    if (!sources) throw new HttpError(404, 'Library not found');
    const format = body.format as PlateFormat;
    const defn = plateDefn(format);
    // the compounds in library order, each once, with the stock its first well holds (each
    // stock's slug made once: a library is a few stocks and 400,000 compounds)
    const stockOf = new Map<string, { slug: string; stock: CampaignSpec['stocks'][string] }>();
    let run: { slug: string; stock: CampaignSpec['stocks'][string] } | null = null;
    for (const s of sources) {
      if (stockOf.has(s.compound_id)) continue;
      if (
        !run ||
        s.concentration_nM !== run.stock.concentration_nM ||
        s.solvent !== run.stock.solvent
      ) {
        run = {
          slug: stockSlug(s.concentration_nM, s.solvent),
          stock: { concentration_nM: s.concentration_nM, solvent: s.solvent },
        };
      }
      stockOf.set(s.compound_id, run);
    }
    let ids = [...stockOf.keys()];
    if (body.compounds) {
      const missing = body.compounds.filter((c) => !stockOf.has(c));
      if (missing.length > 0) {
        throw new HttpError(
          400,
          `Not in the library: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`,
        );
      }
      ids = [...new Set(body.compounds)];
    }
    ids = orderCompounds(ids, body.shuffle_seed ?? null);
    const stocks: CampaignSpec['stocks'] = {};
    const compounds: CampaignCompound[] = ids.map((id) => {
      const { slug, stock } = stockOf.get(id)!;
      stocks[slug] = stock;
      return { compound_id: id, stock: slug };
    });
    const template = await templateOf(ownerId, body.layout);
    const laid = layCampaign({
      defn,
      template,
      at: body.layout.at,
      compound_wells: body.layout.compound_wells,
      compounds,
      dose: {
        top_nM: toNanomolar(body.dose.top.value, body.dose.top.unit),
        points: body.dose.points,
        factor: body.dose.factor,
        replicates: body.dose.replicates,
      },
      barcode: body.barcode,
      shift_seed: body.layout.shift_seed ?? null,
      max_plates: CAMPAIGN_LIMITS.plates,
    });
    if (!laid.ok) throw new HttpError(400, laid.message);

    // the bench every plate gets: the layout's reagents and the library stocks
    const payloads = [
      ...body.reagents.map((r, k) => parseOrThrow(reagentCreateSchema, r, `reagents.${k}`)),
      ...Object.entries(stocks).map(([slug, s]) =>
        parseOrThrow(reagentCreateSchema, {
          slug,
          name: `Library stock ${Number((s.concentration_nM / 1e6).toPrecision(6))} mM (${s.solvent})`,
          reagent_type: 'chemical',
          solvent: s.solvent,
          default_concentration_value: Number((s.concentration_nM / 1000).toPrecision(12)),
          default_concentration_units: 'uM',
        }),
      ),
    ];
    const slugs = new Set<string>();
    for (const p of payloads) {
      const slug = benchInsertOf(0, p).slug;
      if (slugs.has(slug))
        throw new HttpError(400, `reagents: "${slug}" is named twice; name each reagent once`);
      slugs.add(slug);
    }
    // the bench of a designed plate: its reagents as stored, those not named already
    const copied =
      body.bench_from === undefined ? [] : await benchOfExperiment(ownerId, body.bench_from);
    const extra = copied.filter((r) => !slugs.has(r.slug));
    const benchOf = (experimentId: number): BenchInsert[] => [
      ...payloads.map((p) => benchInsertOf(experimentId, p)),
      ...extra.map((r) => ({ ...r, experimentId })),
    ];
    const dispensing = (barcode: string) => ({ ...body.dispensing, destination_barcode: barcode });

    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(experiments)
        .values(
          laid.plates.map((p) => ({
            ownerId,
            name: `${body.name} ${p.barcode}`,
            description: `Plate ${p.index} of ${laid.plates.length} of campaign ${body.name}`,
            plateType: String(format),
            dispensing: dispensing(p.barcode),
          })),
        )
        .returning({ id: experiments.id });
      const expIds = inserted.map((m) => m.id);
      await tx.insert(benchReagents).values(expIds.flatMap(benchOf));
      // every plate has the same bench and settings but its barcode, which no volume reads
      const bench = benchFactsOf(benchOf(expIds[0]), dispensing(laid.plates[0].barcode));
      let made: ReturnType<typeof campaignPlatesOf>;
      try {
        made = campaignPlatesOf(
          defn,
          bench,
          laid.plates.map((p, k) => ({
            experimentId: expIds[k],
            shapeOps: plateShapeOps(p),
            samples: plateSamples(p),
          })),
        );
      } catch (error) {
        if (!(error instanceof LayoutRefused)) throw error;
        const k = expIds.indexOf(error.experimentId);
        throw new HttpError(400, `Plate ${laid.plates[k].barcode}: ${error.message}`);
      }
      // each plate at version 1, its rows written from its layout when first read
      await tx.insert(plates).values(
        expIds.map((experimentId) => ({
          experimentId,
          version: 1,
          state: { defn },
          hash: PENDING_HASH,
        })),
      );
      const spec: CampaignSpec = {
        request: body,
        stocks,
        plates: laid.plates.map((p) => ({
          compounds: new Set(p.compounds.map((c) => c.compound_id)).size,
          control_shift: p.control_shift,
          empty_wells: p.empty_wells,
        })),
      };
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          ownerId,
          name: body.name,
          format,
          libraryId: body.library_id,
          spec: spec as unknown as Record<string, unknown>,
        })
        .returning({ id: campaigns.id });
      await tx
        .insert(campaignLayouts)
        .values(made.layouts.map((l, layout) => ({ campaignId: campaign.id, layout, ...l })));
      const rows = laid.plates.map((p, k) => ({
        campaignId: campaign.id,
        position: p.index,
        experimentId: expIds[k],
        barcode: p.barcode,
        layout: made.plates[k].layout,
        compounds: made.plates[k].compounds,
      }));
      // a few MB of compound ids: a statement per batch of plates
      for (let b = 0; b < rows.length; b += PLATES_PER_STATEMENT)
        await tx.insert(campaignPlates).values(rows.slice(b, b + PLATES_PER_STATEMENT));
      return {
        id: campaign.id,
        plates: laid.plates.map((p, k) => ({
          position: p.index,
          experiment_id: expIds[k],
          barcode: p.barcode,
        })),
        per_plate: laid.per_plate,
        empty_wells_last_plate: laid.plates.at(-1)!.empty_wells,
        warnings: laid.warnings,
      };
    });
  }

  /** The owner's campaign with its plates (those still there); null when not theirs. */
  async function get(ownerId: string, id: number) {
    const [row] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)));
    if (!row) return null;
    const rows = await db
      .select({
        position: campaignPlates.position,
        experiment_id: campaignPlates.experimentId,
        barcode: campaignPlates.barcode,
      })
      .from(campaignPlates)
      .innerJoin(
        experiments,
        and(eq(experiments.id, campaignPlates.experimentId), eq(experiments.ownerId, ownerId)),
      )
      .where(eq(campaignPlates.campaignId, id))
      .orderBy(asc(campaignPlates.position));
    const spec = row.spec as unknown as CampaignSpec;
    return {
      row,
      spec,
      json: {
        id: row.id,
        name: row.name,
        format: row.format,
        library_id: row.libraryId,
        created_at: row.createdAt.toISOString(),
        plates: rows.map((p) => ({ ...p, ...spec.plates[p.position - 1] })),
      },
    };
  }

  /**
   * The campaign's plates in order, each with what it holds: a plate not written yet its
   * layout and compounds, a written one its stored wells; null when not the owner's.
   */
  async function contentsOf(ownerId: string, id: number) {
    const found = await get(ownerId, id);
    if (!found) return null;
    const format = found.row.format as PlateFormat;
    const defn = plateDefn(format);
    // pending first: a plate written meanwhile is read as pending, which holds the same
    const pending = await pendingPlatesOf(db, id, defn);
    const written = await writtenWellsOf(
      db,
      defn,
      found.json.plates.map((p) => p.experiment_id).filter((e) => !pending.has(e)),
    );
    return {
      ...found,
      format,
      defn,
      plates: found.json.plates.map((p) => ({
        ...p,
        pending: pending.get(p.experiment_id),
        written: written.get(p.experiment_id),
      })),
    };
  }

  /** The campaign's plates with their wells, in order; null when not the owner's. */
  async function platesOf(ownerId: string, id: number) {
    const found = await contentsOf(ownerId, id);
    if (!found) return null;
    return {
      ...found,
      plates: found.plates.map(({ pending, written, ...p }) => ({
        ...p,
        wells: pending ? pendingWells(pending) : written!,
      })),
    };
  }

  /** The last plan made, with its campaign and stamp (plan-stamp.ts): one kept at a time. */
  let kept: { id: number; stamp: string; plan: CampaignPlan } | null = null;

  /** The campaign's dispense plan; null when not the owner's. */
  async function plan(ownerId: string, id: number): Promise<CampaignPlan | null> {
    const [owned] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)));
    if (!owned) return null;
    const stamp = await planStamp(db, ownerId, id);
    if (kept?.id === id && kept.stamp === stamp) return kept.plan;
    kept = null;
    const made = await planNow(ownerId, id);
    if (made) kept = { id, stamp, plan: made };
    return made;
  }

  /** The campaign's dispense plan made now; null when not the owner's. */
  async function planNow(ownerId: string, id: number): Promise<CampaignPlan | null> {
    const found = await contentsOf(ownerId, id);
    if (!found) return null;
    const firstId = found.plates[0]?.experiment_id;
    const [exp] =
      firstId === undefined
        ? []
        : await db
            .select({ dispensing: experiments.dispensing })
            .from(experiments)
            .where(eq(experiments.id, firstId));
    const bench =
      firstId === undefined ? [] : benchFactsOf(await listBenchFacts(db, firstId)).infos;
    const library =
      found.row.libraryId === null
        ? []
        : ((await libraries.sources(ownerId, found.row.libraryId)) ?? []);
    const { destination_barcode: _barcode, ...settings } = (exp?.dispensing ?? {}) as Record<
      string,
      unknown
    >;
    // the written plates' layouts found from their wells, the pending ones' from their layout
    const written = campaignPlanPlates(
      found.plates.flatMap((p) => (p.written ? [{ barcode: p.barcode, wells: p.written }] : [])),
    );
    let w = 0;
    return planCampaign({
      defn: found.defn,
      plates: found.plates.map((p) =>
        p.pending ? pendingPlanPlate(p.barcode, p.pending) : written[w++],
      ),
      bench,
      settings,
      stocks: new Map(Object.entries(found.spec.stocks)),
      library,
    });
  }

  /** The owner's campaigns, newest first, with their plate counts. */
  async function list(ownerId: string) {
    const rows = await db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        format: campaigns.format,
        createdAt: campaigns.createdAt,
        plates: count(campaignPlates.position),
      })
      .from(campaigns)
      .leftJoin(campaignPlates, eq(campaignPlates.campaignId, campaigns.id))
      .where(eq(campaigns.ownerId, ownerId))
      .groupBy(campaigns.id)
      .orderBy(desc(campaigns.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      format: r.format,
      plates: Number(r.plates),
      created_at: r.createdAt.toISOString(),
    }));
  }

  return { create, get, list, plan, platesOf };
}

export type CampaignService = ReturnType<typeof campaignService>;
