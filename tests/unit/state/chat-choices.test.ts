// The choices the Chat tab offers: only those of a question the last message asks.
import { describe, expect, it } from 'vitest';
import { openChoices } from '../../../src/state/chat-store';

const asked = {
  role: 'assistant' as const,
  content: '"quadrant 1" reads two ways: which do you mean?',
  timestamp: '2026-01-01T00:00:00Z',
  data: {
    question: {
      text: '"quadrant 1" reads two ways: which do you mean?',
      request: 'add 1 uM staurosporine to quadrant 1',
      choices: [
        { label: 'interleaved quadrant 1 (A1, A3, ...)', request: 'x' },
        { label: 'block quadrant 1 (A1 to H12)', request: 'y' },
      ],
    },
  },
};

describe('openChoices', () => {
  it('lists the labels of the question the last message asks', () => {
    expect(openChoices([asked])).toEqual([
      'interleaved quadrant 1 (A1, A3, ...)',
      'block quadrant 1 (A1 to H12)',
    ]);
  });

  it('offers nothing once the user has answered, or for a message without a question', () => {
    const answer = { role: 'user' as const, content: '2', timestamp: asked.timestamp };
    expect(openChoices([asked, answer])).toEqual([]);
    expect(openChoices([{ ...asked, data: { source: 'interpreter' } }])).toEqual([]);
    expect(openChoices([])).toEqual([]);
  });
});
