/** The avatar set served from server/public/avatars (see scripts/make-avatars.ts). */
export const AVATAR_IDS = Array.from({ length: 12 }, (_, i) => `a${i + 1}`);
export const DEFAULT_AVATAR = 'a1';
export const avatarUrl = (id: string) => `/static/avatars/${id}.svg`;
export const isAvatar = (id: string) => AVATAR_IDS.includes(id);
