import type { mallOrder as endpoint } from '../../../../../shared/contract/mall';
import { call } from '../../../lib/http';

export const orderMallItem = (itemId: number, quantity: number) =>
  call<typeof endpoint>('POST', '/api/mallExchange/order', {
    body: { itemId, quantity },
    idempotent: true,
  });
