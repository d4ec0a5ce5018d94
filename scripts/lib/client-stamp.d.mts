export function clientSources(root: string): string[];
export function clientHash(root: string): string;
export function clientIsFresh(root: string): boolean;
export function writeClientStamp(root: string): void;
export function buildClientIfStale(
  root: string,
  options?: { force?: boolean; build?: (config: { configFile: string; mode: string; logLevel: string }) => unknown },
): Promise<boolean>;
