/**
 * The recipient's pages that only tell something: expired, deleted, not found, refused.
 */
import { noticePage } from './html';

export const expiredPage = (): Promise<Response> =>
  noticePage(
    200,
    'This secret has expired',
    'It was deleted or reached its view or time limit, and its content is gone for good.',
  );

export const deletedPage = (): Promise<Response> =>
  noticePage(200, 'This secret has been deleted', 'This secret has expired: its content is gone for good.');

export const notFoundPage = (): Promise<Response> =>
  noticePage(404, 'Secret not found', 'There is no secret at this address.');

export const tooManyAttemptsPage = (): Promise<Response> =>
  noticePage(429, 'Too many passphrase attempts', 'Please try again in a minute.');

export const notDeletablePage = (): Promise<Response> =>
  noticePage(401, 'This secret cannot be deleted', 'That push is not deletable by viewers.');

/** A reveal form post whose body could not be read (400) or was too large (413): nothing was counted. */
export const badFormPage = (status: number): Promise<Response> =>
  status === 413
    ? noticePage(
        413,
        'Request too large',
        'Nothing was revealed and no view was counted. Please go back and try again.',
      )
    : noticePage(
        400,
        'Bad request',
        'The form could not be read. Nothing was revealed and no view was counted.',
      );
