import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';

/** What one domain tells others (and the socket hub) without importing them. */
export interface AppEvents {
  'session.revoked': { userId: number; sessionId: number; reason: string };
  'user.registered': { userId: number; uid: number };
  /** A deposit was credited (amount in centavos); `first` when it is the player's first. */
  'deposit.succeeded': { userId: number; orderNo: string; amount: number; first: boolean };
  /** A deposit reached a final or timed-out status (1 Success, 2 Failed, 3 Timeout). */
  'deposit.settled': { userId: number; orderNo: string; status: number };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof AppEvents>(name: K, listener: (payload: AppEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}

export const eventsPlugin = fp(
  async (app) => {
    app.decorate('events', new EventBus());
  },
  { name: 'events' },
);
