// The text of the last file uploaded to an experiment (the developer upload panel).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { experimentTexts } from '../db/schema';

/** Data access for uploaded texts; callers check the experiment's owner. */
export function experimentTextsRepository(db: Db) {
  return {
    /** Stores the text, replacing an earlier upload. */
    async put(experimentId: number, filename: string | null, text: string): Promise<void> {
      await db
        .insert(experimentTexts)
        .values({ experimentId, filename, text })
        .onConflictDoUpdate({
          target: experimentTexts.experimentId,
          set: { filename, text, updatedAt: new Date() },
        });
    },

    async get(experimentId: number): Promise<{ filename: string | null; text: string } | null> {
      const [row] = await db
        .select({ filename: experimentTexts.filename, text: experimentTexts.text })
        .from(experimentTexts)
        .where(eq(experimentTexts.experimentId, experimentId));
      return row ?? null;
    },
  };
}

export type ExperimentTextsRepository = ReturnType<typeof experimentTextsRepository>;
