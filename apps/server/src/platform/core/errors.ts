import type { ErrorCode } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';

/**
 * Errors services throw; the error handler turns them into `{ message, code }` with their status.
 * `message` is always a pt-BR text from the contract.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = messages.errors.invalidRequest, code: ErrorCode = 'BAD_REQUEST') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = messages.errors.sessionInvalid, code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.errors.forbidden, code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.errors.notFound, code: ErrorCode = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(409, code, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, code: ErrorCode = 'UNPROCESSABLE') {
    super(422, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string = messages.errors.tooManyRequests,
    code: ErrorCode = 'TOO_MANY_REQUESTS',
  ) {
    super(429, code, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string, code: ErrorCode = 'SERVICE_UNAVAILABLE') {
    super(503, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(
    message: string = messages.errors.payloadTooLarge,
    code: ErrorCode = 'PAYLOAD_TOO_LARGE',
  ) {
    super(413, code, message);
  }
}

/** An upstream service (a payment gateway) failed, timed out or answered garbage. */
export class BadGatewayError extends AppError {
  constructor(message: string, code: ErrorCode = 'BAD_GATEWAY') {
    super(502, code, message);
  }
}
