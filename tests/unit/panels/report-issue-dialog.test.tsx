// @vitest-environment happy-dom
// The report-issue dialog; POST /api/report-issue goes to a fake fetch (a test double of the
// API client's network layer only, tests/unit/api/fake-fetch.ts).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportIssueDialog } from '../../../src/panels/dialogs/report-issue-dialog';
import { fakeFetchPerTest } from '../api/fake-fetch';

const net = fakeFetchPerTest();

afterEach(cleanup);

async function send() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
  });
}

function describeIssue(text: string) {
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: text } });
}

describe('ReportIssueDialog', () => {
  it('says "Description is required" when blank and sends nothing', async () => {
    render(<ReportIssueDialog open onClose={vi.fn()} experimentId={9} />);
    describeIssue('   ');
    await send();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('sends the description, the include choices and the time window; shows the report id', async () => {
    render(<ReportIssueDialog open onClose={vi.fn()} experimentId={9} sessionId="s1" />);
    describeIssue(' The plate did not save ');
    fireEvent.click(screen.getByLabelText('Logs'));
    fireEvent.change(screen.getByLabelText('Time window'), { target: { value: '240' } });
    net.respond(201, { status: 'submitted', report_id: 'r-42', issue_url: null });
    await send();
    expect(JSON.parse(String(net.calls[0].body))).toEqual({
      session_id: 's1',
      experiment_id: 9,
      description: 'The plate did not save',
      include: { chat: true, plate: true, logs: false, env: true },
      time_window_minutes: 240,
    });
    expect(net.calls[0].url).toMatch(/\/api\/report-issue$/);
    expect(screen.getByTestId('report-submitted').textContent).toContain('r-42');
  });

  it('shows the server message when reporting is disabled', async () => {
    render(<ReportIssueDialog open onClose={vi.fn()} />);
    describeIssue('x');
    net.respond(200, { status: 'disabled', message: 'Reporting is disabled' });
    await send();
    expect(screen.getByText('Reporting is disabled')).toBeTruthy();
  });

  it('falls back to "Reporting is disabled" when the server sends no message', async () => {
    render(<ReportIssueDialog open onClose={vi.fn()} />);
    describeIssue('x');
    net.respond(200, { status: 'disabled' });
    await send();
    expect(screen.getByText('Reporting is disabled')).toBeTruthy();
  });
});
