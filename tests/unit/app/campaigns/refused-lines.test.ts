import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/api-error';
import { refusedLinesOf } from '../../../../src/app/campaigns/refused-lines';

describe('refused lines of a library import', () => {
  it('reads them from a 422 and from nothing else', () => {
    const body = JSON.stringify({
      detail: '1 line is refused, so nothing is stored',
      refused_lines: [{ line: 3, reason: 'no compound id' }],
    });
    expect(refusedLinesOf(new ApiError(422, 'Unprocessable Entity', body))).toEqual([
      { line: 3, reason: 'no compound id' },
    ]);
    expect(refusedLinesOf(new ApiError(400, 'Bad Request', body))).toEqual([]);
    expect(refusedLinesOf(new ApiError(422, 'Unprocessable Entity', 'not json'))).toEqual([]);
    expect(refusedLinesOf(new Error('x'))).toEqual([]);
  });
});
