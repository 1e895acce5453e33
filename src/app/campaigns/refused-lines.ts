/** The refused lines a 422 of POST /api/libraries carries, from the error's body. */
import { ApiError } from '../../api/api-error';

export interface RefusedLine {
  line: number;
  reason: string;
}

export function refusedLinesOf(error: unknown): RefusedLine[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  try {
    const body = JSON.parse(error.body) as { refused_lines?: RefusedLine[] };
    return Array.isArray(body.refused_lines) ? body.refused_lines : [];
  } catch {
    return [];
  }
}
