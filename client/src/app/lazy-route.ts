/** Spec section 8: a script chunk that has not loaded after 120 s raises a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk failed') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Races a dynamic import against the chunk time-out; a failed import becomes a ChunkLoadError too. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof ChunkLoadError
            ? error
            : new ChunkLoadError(error instanceof Error ? error.message : String(error)),
        );
      },
    );
  });
}
