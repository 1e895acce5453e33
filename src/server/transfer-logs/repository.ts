// The transfer logs and surveys imported onto an experiment; callers check the owner.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { transferLogs } from '../db/schema-transfer-logs';

export type RunFileKind = 'transfer log' | 'survey';

export interface StoredRunFile {
  id: number;
  kind: RunFileKind;
  filename: string;
  rows: number;
  created_at: string;
}

const listed = {
  id: transferLogs.id,
  kind: transferLogs.kind,
  filename: transferLogs.filename,
  rows: transferLogs.rowCount,
  createdAt: transferLogs.createdAt,
};

function storedOf(r: {
  id: number;
  kind: string;
  filename: string;
  rows: number;
  createdAt: Date;
}): StoredRunFile {
  return {
    id: r.id,
    kind: r.kind as RunFileKind,
    filename: r.filename,
    rows: r.rows,
    created_at: r.createdAt.toISOString(),
  };
}

export function transferLogsRepository(db: Db) {
  return {
    async add(
      experimentId: number,
      file: { kind: RunFileKind; filename: string; rows: number; text: string },
    ): Promise<StoredRunFile> {
      const [row] = await db
        .insert(transferLogs)
        .values({ experimentId, ...file, rowCount: file.rows })
        .returning(listed);
      return storedOf(row);
    },

    /** The files of an experiment in the order they were imported. */
    async list(experimentId: number): Promise<StoredRunFile[]> {
      const rows = await db
        .select(listed)
        .from(transferLogs)
        .where(eq(transferLogs.experimentId, experimentId))
        .orderBy(asc(transferLogs.id));
      return rows.map(storedOf);
    },

    /** The files with their text, in import order. */
    async texts(experimentId: number): Promise<(StoredRunFile & { text: string })[]> {
      const rows = await db
        .select({ ...listed, text: transferLogs.text })
        .from(transferLogs)
        .where(eq(transferLogs.experimentId, experimentId))
        .orderBy(asc(transferLogs.id));
      return rows.map((r) => ({ ...storedOf(r), text: r.text }));
    },

    /** Deletes a file of this experiment; false when it has none of that id. */
    async remove(experimentId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(transferLogs)
        .where(and(eq(transferLogs.experimentId, experimentId), eq(transferLogs.id, id)))
        .returning({ id: transferLogs.id });
      return gone.length > 0;
    },
  };
}

export type TransferLogsRepository = ReturnType<typeof transferLogsRepository>;
