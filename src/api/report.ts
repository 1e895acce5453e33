/** Issue reports (spec section 7, POST /api/report-issue). */
import type { IssueReportInput } from '../domain/schemas/issue-report';
import { apiRequest } from './http-client';

/** The answer: submitted with an id, or disabled with the server's message. */
export type IssueReportResult =
  | { status: 'submitted'; report_id: string | number; issue_url: string | null }
  | { status: 'disabled'; message?: string };

/** POST /api/report-issue. */
export function submitIssueReport(report: IssueReportInput) {
  return apiRequest<IssueReportResult>('/api/report-issue', { method: 'POST', body: report });
}
