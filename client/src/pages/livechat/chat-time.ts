import { formatClockTime } from '../../lib/format';

/** The time a chat message was written, Manila time, in the player's date format: "02:05 PM" / "14:05". */
export const formatTime = (iso: string) => formatClockTime(iso);
