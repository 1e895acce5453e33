import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from '../../../../src/domain/schemas/chat';
import { issueReportSchema } from '../../../../src/domain/schemas/issue-report';
import { versionCreateSchema } from '../../../../src/domain/schemas/version';
import { payloadIssues } from '../../../../src/domain/schemas/issues';

describe('chat request', () => {
  it('defaults create_new_thread to false and the plate answer to the whole plate', () => {
    expect(chatRequestSchema.parse({ message: ' add DMSO to A1 ', thread_id: 'exp_1_2' })).toEqual({
      message: 'add DMSO to A1',
      thread_id: 'exp_1_2',
      create_new_thread: false,
      plate: 'full',
    });
    expect(chatRequestSchema.safeParse({ message: 'x', plate: 'delta' }).success).toBe(false);
  });

  it('refuses blank and oversized messages', () => {
    expect(chatRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    const r = chatRequestSchema.safeParse({ message: 'x'.repeat(4001) });
    expect(r.success ? [] : payloadIssues(r.error)).toEqual([
      { path: 'message', message: 'must be at most 4000 characters' },
    ]);
  });
});

describe('issue report', () => {
  it('requires a description with the spec message', () => {
    const r = issueReportSchema.safeParse({ description: '  ' });
    expect(r.success ? [] : payloadIssues(r.error)).toEqual([
      { path: 'description', message: 'Description is required' },
    ]);
  });

  it('fills include flags and reads a string experiment id', () => {
    const r = issueReportSchema.parse({ description: 'Plate froze', experiment_id: '12' });
    expect(r).toEqual({
      session_id: null,
      experiment_id: 12,
      description: 'Plate froze',
      include: { chat: true, plate: true, logs: true, env: true },
      time_window_minutes: null,
    });
    expect(
      issueReportSchema.parse({ description: 'a', include: { logs: false } }).include.logs,
    ).toBe(false);
    expect(issueReportSchema.safeParse({ description: 'a', time_window_minutes: 0 }).success).toBe(
      false,
    );
  });
});

describe('version create', () => {
  it('takes an optional summary', () => {
    expect(versionCreateSchema.parse({ summary: ' Saved from new_ui ' })).toEqual({
      summary: 'Saved from new_ui',
    });
    expect(versionCreateSchema.parse({})).toEqual({ summary: null });
    expect(versionCreateSchema.parse(undefined)).toEqual({ summary: null });
    expect(versionCreateSchema.safeParse({ summary: 'x'.repeat(2001) }).success).toBe(false);
  });
});
