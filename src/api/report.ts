/** Issue reports (spec section 7, POST /api/report-issue). */
import type { IssueReportInput, IssueReportResult } from '../domain/schemas/issue-report';
import { apiRequest } from './http-client';

export type { IssueReportResult };

/** POST /api/report-issue. */
export function submitIssueReport(report: IssueReportInput) {
  return apiRequest<IssueReportResult>('/api/report-issue', { method: 'POST', body: report });
}
