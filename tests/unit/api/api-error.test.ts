// What the user reads when a request fails: the server's words, never a JSON or HTML body.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  SESSION_EXPIRED_MESSAGE,
  SessionExpiredError,
  apiErrorText,
  errorMessage,
} from '../../../src/api/api-error';
import { historyLoadErrorMessage } from '../../../src/state/chat-store';

const refused = (status: number, statusText: string, body: unknown) =>
  new ApiError(status, statusText, typeof body === 'string' ? body : JSON.stringify(body));

const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body>\r\n</html>';

describe('apiErrorText', () => {
  it("gives Fastify's message without the JSON and the request part", () => {
    const error = refused(400, 'Bad Request', {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/x must be >= 0',
    });
    expect(apiErrorText(error)).toBe('x must be >= 0');
    expect(errorMessage(error)).toBe('x must be >= 0');
    expect(
      apiErrorText(
        refused(400, 'Bad Request', {
          statusCode: 400,
          error: 'Bad Request',
          message: "body must have required property 'name'",
        }),
      ),
    ).toBe("The request must have required property 'name'");
    expect(
      apiErrorText(
        refused(429, 'Too Many Requests', {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Rate limit exceeded, retry in 1 minute',
        }),
      ),
    ).toBe('Rate limit exceeded, retry in 1 minute');
  });

  it("gives the API's detail, and a list of details joined", () => {
    expect(apiErrorText(refused(404, 'Not Found', { detail: 'Experiment not found' }))).toBe(
      'Experiment not found',
    );
    expect(
      apiErrorText(
        refused(400, 'Bad Request', {
          detail: 'Name is required',
          issues: [{ path: 'name', message: 'Name is required' }],
        }),
      ),
    ).toBe('Name is required');
    expect(
      apiErrorText(
        refused(422, 'Unprocessable Entity', {
          detail: [{ msg: 'name is required' }, { msg: 'dose must be a number' }],
        }),
      ),
    ).toBe('name is required; dose must be a number');
  });

  it('says what the status means when the body is HTML, text, empty or JSON without words', () => {
    expect(apiErrorText(refused(502, 'Bad Gateway', HTML_502))).toBe(
      'The server answered 502; try again in a moment.',
    );
    expect(apiErrorText(refused(503, '', ''))).toBe(
      'The server answered 503; try again in a moment.',
    );
    expect(apiErrorText(refused(500, 'Internal Server Error', 'boom'))).toBe(
      'The server answered 500; try again in a moment.',
    );
    expect(apiErrorText(refused(404, 'Not Found', 'Cannot GET /x'))).toBe(
      'The server could not find what was asked for (404 Not Found).',
    );
    expect(apiErrorText(refused(400, 'Bad Request', { code: 'E_BAD', fields: ['x'] }))).toBe(
      'The server refused the request (400 Bad Request).',
    );
    expect(apiErrorText(refused(400, 'Bad Request', { message: '{"nested":true}' }))).toBe(
      'The server refused the request (400 Bad Request).',
    );
    expect(apiErrorText(refused(429, '', ''))).toBe('Too many requests; try again in a moment.');
  });
});

describe('errorMessage', () => {
  it('words an ApiError message carried on by another error', () => {
    const carried = new Error(refused(502, 'Bad Gateway', HTML_502).message);
    expect(errorMessage(carried)).toBe('The server answered 502; try again in a moment.');
    const json = new Error(
      refused(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/x must be a number',
      }).message,
    );
    expect(errorMessage(json)).toBe('x must be a number');
  });

  it('shows our own messages as they are and never a JSON text', () => {
    expect(errorMessage(new SessionExpiredError())).toBe(SESSION_EXPIRED_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new Error('{"statusCode":500}'))).toBe('Something went wrong');
    expect(errorMessage('<!doctype html><p>x</p>', 'Failed')).toBe('Failed');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });

  it('keeps one full stop in the chat history message', () => {
    expect(historyLoadErrorMessage(refused(502, 'Bad Gateway', HTML_502))).toBe(
      'Failed to load conversation history: The server answered 502; try again in a moment. Please refresh the page.',
    );
  });
});
