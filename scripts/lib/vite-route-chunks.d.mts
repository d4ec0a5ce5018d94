import type { Plugin } from 'vite';

export const ROUTE_CHUNKS_FILE: string;
export function lazyPages(appDir: string): { path: string; module: string }[];
export function routeChunks(appDir: string): Plugin;
