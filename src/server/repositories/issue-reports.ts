// Issue reports as sent from the app, with the context the sender chose to include.
import type { Db } from '../db/connect';
import { issueReports } from '../db/schema';

/** What is stored for one report. */
export interface NewIssueReport {
  ownerId: string;
  /** only an experiment the sender owns */
  experimentId: number | null;
  sessionId: string | null;
  description: string;
  include: Record<string, unknown>;
  context: Record<string, unknown>;
}

/** Data access for issue reports. */
export function issueReportsRepository(db: Db) {
  return {
    /** Stores a report; returns its id. */
    async create(report: NewIssueReport): Promise<number> {
      const [row] = await db.insert(issueReports).values(report).returning({ id: issueReports.id });
      return row.id;
    },
  };
}

export type IssueReportsRepository = ReturnType<typeof issueReportsRepository>;
