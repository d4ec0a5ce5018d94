export function clientSources(root: string): string[];
export function clientHash(root: string): string;
export function clientIsFresh(root: string): boolean;
export function writeClientStamp(root: string): void;
