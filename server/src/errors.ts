import type { CodeValue } from '../../shared/codes';

/**
 * A failure a player or operator can understand. Services throw it; the error handler turns it into
 * an envelope with the code's message (in the request's language) and HTTP 200 unless `status` says otherwise.
 * It carries no stack trace: it is an expected answer, never logged as a fault, and capturing the stack
 * was a tenth of the CPU time of a refused reward claim.
 */
export class AppError extends Error {
  readonly code: CodeValue;
  readonly params: Record<string, string | number>;
  readonly data: unknown;
  readonly status: number;

  constructor(
    code: CodeValue,
    options: { params?: Record<string, string | number>; data?: unknown; status?: number } = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`AppError ${code}`);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.params = options.params ?? {};
    this.data = options.data ?? null;
    this.status = options.status ?? 200;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
