// POST /api/report-issue: stores what the user describes with the context they chose to
// include (the plate and conversation of their own experiment, the assistant's records,
// the environment). Answers "disabled" when the server does not accept reports.
import { and, asc, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  issueReportSchema,
  reportDisabledSchema,
  reportSubmittedSchema,
  type IssueReport,
} from '../../domain/schemas/issue-report';
import { userOf } from '../auth/request-user';
import type { Db } from '../db/connect';
import { agentObservations, plates } from '../db/schema';
import { loadPlate } from '../repositories/plates';
import type { ChatRepository } from '../repositories/chat';
import {
  toExperimentJson,
  type ExperimentRow,
  type ExperimentsRepository,
} from '../repositories/experiments';
import type { IssueReportsRepository } from '../repositories/issue-reports';

/** The answer when reporting is switched off (REPORTING_ENABLED=false). */
export const REPORTING_DISABLED = { status: 'disabled', message: 'Reporting is disabled' } as const;

/** Reports one client address may send per minute. */
export const REPORTS_PER_MINUTE = 30;

/** Records of the assistant kept with a report, at most. */
const MAX_LOG_RECORDS = 200;

/** The context a report stores, gathered only from the sender's own experiment. */
async function reportContext(
  db: Db,
  chat: ChatRepository,
  report: IssueReport,
  experiment: ExperimentRow | null,
  env: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const since = report.time_window_minutes
    ? new Date(Date.now() - report.time_window_minutes * 60_000)
    : null;
  const context: Record<string, unknown> = {};
  if (experiment) context.experiment = toExperimentJson(experiment);
  if (experiment && report.include.plate) {
    const [row] = await db
      .select({ version: plates.version, hash: plates.hash, state: plates.state })
      .from(plates)
      .where(eq(plates.experimentId, experiment.id));
    // the wells live in plate_rows: put them back beside the defn, as reports had them
    const wells = row ? ((await loadPlate(db, experiment.id))?.wells ?? {}) : {};
    context.plate = row ? { ...row, state: { ...row.state, wells } } : null;
  }
  if (experiment && report.include.chat) {
    context.chat = await chat.history(experiment.ownerId, experiment.id, since);
  }
  if (experiment && report.include.logs) {
    const rows = await db
      .select()
      .from(agentObservations)
      .where(
        and(
          eq(agentObservations.experimentId, experiment.id),
          since ? gte(agentObservations.createdAt, since) : undefined,
        ),
      )
      .orderBy(asc(agentObservations.id))
      .limit(MAX_LOG_RECORDS);
    context.logs = rows.map((r) => ({
      agent: r.agent,
      thread_id: r.threadId,
      kind: r.kind,
      data: r.data,
      at: r.createdAt.toISOString(),
    }));
  }
  if (report.include.env) context.env = env;
  return context;
}

/** Registers POST /report-issue (prefix /api). */
export async function reportIssueRoutes(
  app: FastifyInstance,
  options: {
    enabled: boolean;
    db: Db;
    experiments: ExperimentsRepository;
    chat: ChatRepository;
    reports: IssueReportsRepository;
  },
): Promise<void> {
  const { enabled, db, experiments, chat, reports } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/report-issue',
    {
      schema: {
        summary: 'Report an issue with optional context (chat, plate, logs, env)',
        tags: ['Support'],
        body: issueReportSchema,
        response: {
          200: reportDisabledSchema,
          201: reportSubmittedSchema,
        },
      },
      // Each report keeps a copy of the plate and conversation: bound how fast they pile up.
      config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!enabled) return reply.status(200).send(REPORTING_DISABLED);
      const report = request.body;
      const user = userOf(request);
      // Someone else's experiment contributes nothing, exactly as if it did not exist.
      const experiment =
        report.experiment_id !== null && report.experiment_id <= 2_147_483_647
          ? await experiments.get(user.id, report.experiment_id)
          : null;
      const context = await reportContext(db, chat, report, experiment, {
        user_agent: request.headers['user-agent'] ?? null,
        node: process.version,
        database: app.database.kind,
        received_at: new Date().toISOString(),
      });
      const reportId = await reports.create({
        ownerId: user.id,
        experimentId: experiment?.id ?? null,
        sessionId: report.session_id,
        description: report.description,
        include: report.include,
        context,
      });
      return reply.status(201).send({ status: 'submitted', report_id: reportId, issue_url: null });
    },
  );
}
