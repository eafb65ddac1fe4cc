import { ErrorMessages, type ErrorBody, type ErrorKey } from '@civic/contracts';

/**
 * The one error type the services throw on purpose. `key` names a message of the catalogue
 * (docs/product.md#errors), which becomes the wire `statusMessage`.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly statusCode: number,
    readonly data?: unknown,
  ) {
    super(ErrorMessages[key]);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, statusMessage: ErrorMessages[this.key] };
    if (this.data !== undefined) body.data = this.data;
    return body;
  }
}

export const badRequest = (data?: unknown) => new AppError('badRequest', 400, data);
export const unauthorized = (key: ErrorKey = 'unauthorized') => new AppError(key, 401);
export const forbidden = (key: ErrorKey = 'unauthorizedAction') => new AppError(key, 403);
export const notFound = (key: ErrorKey = 'notFound') => new AppError(key, 404);
export const conflict = (key: ErrorKey) => new AppError(key, 409);

/** The catalogue key that fits a bare HTTP status, for errors raised by the framework. */
export function keyForStatus(status: number): ErrorKey {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
      return 'unauthorized';
    case 403:
      return 'unauthorizedAction';
    case 404:
      return 'notFound';
    case 413:
      return 'payloadTooLarge';
    // A path parameter over the router's length: a URL no route can take.
    case 414:
      return 'badRequest';
    case 429:
      return 'tooManyRequests';
    case 503:
      return 'serviceUnavailable';
    default:
      return status >= 500 ? 'internalServerError' : 'requestFailed';
  }
}
