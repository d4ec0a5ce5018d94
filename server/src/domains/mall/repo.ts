import type { Db } from '../../db/database';

export interface MallItemRow {
  id: number;
  name_en: string;
  name_vi: string;
  description_en: string;
  description_vi: string;
  image: string;
  price: number;
  reward: string;
  stock_total: number | null;
  sold: number;
  per_account_limit: number | null;
  min_vip: number;
  sort: number;
  enabled: number;
}

export interface MallItemSeed {
  id: number;
  nameEn: string;
  nameVi: string;
  descriptionEn: string;
  descriptionVi: string;
  image: string;
  price: number;
  reward: string;
  stockTotal: number | null;
  perAccountLimit: number | null;
  minVip: number;
  sort: number;
}

export function createMallRepo(db: Db) {
  const items = db.prepare('SELECT * FROM mall_items WHERE enabled = 1 ORDER BY sort, id');
  const item = db.prepare('SELECT * FROM mall_items WHERE id = ? AND enabled = 1');
  const takenByItem = db.prepare(
    'SELECT item_id, SUM(quantity) AS taken FROM mall_orders WHERE user_id = ? GROUP BY item_id',
  );
  const taken = db
    .prepare('SELECT COALESCE(SUM(quantity), 0) FROM mall_orders WHERE user_id = ? AND item_id = ?')
    .pluck();
  // Stock is taken by one conditional update, so parallel orders can never sell more than there is.
  const sell = db.prepare(
    `UPDATE mall_items SET sold = sold + @quantity
     WHERE id = @id AND (stock_total IS NULL OR sold + @quantity <= stock_total)`,
  );
  const insertOrder = db.prepare(
    `INSERT INTO mall_orders (order_no, user_id, item_id, quantity, points, rewards, created_at)
     VALUES (@orderNo, @userId, @itemId, @quantity, @points, @rewards, @now)`,
  );
  const orderExists = db.prepare('SELECT 1 FROM mall_orders WHERE order_no = ?').pluck();
  const orderItem = db.prepare(
    `SELECT o.quantity, i.name_en, i.name_vi FROM mall_orders o JOIN mall_items i ON i.id = o.item_id
     WHERE o.order_no = ?`,
  );
  const upsert = db.prepare(
    `INSERT INTO mall_items (id, name_en, name_vi, description_en, description_vi, image, price, reward, stock_total,
       per_account_limit, min_vip, sort, enabled)
     VALUES (@id, @nameEn, @nameVi, @descriptionEn, @descriptionVi, @image, @price, @reward, @stockTotal,
       @perAccountLimit, @minVip, @sort, 1)
     ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_vi = excluded.name_vi,
       description_en = excluded.description_en, description_vi = excluded.description_vi, image = excluded.image,
       price = excluded.price, reward = excluded.reward, stock_total = excluded.stock_total,
       per_account_limit = excluded.per_account_limit, min_vip = excluded.min_vip, sort = excluded.sort, enabled = 1`,
  );
  const disableOthers = db.prepare(
    'UPDATE mall_items SET enabled = 0 WHERE id NOT IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
  );

  return {
    items: () => items.all() as Promise<MallItemRow[]>,
    item: (id: number) => item.get(id) as Promise<MallItemRow | undefined>,
    takenByItem: async (userId: number) =>
      new Map(
        ((await takenByItem.all(userId)) as { item_id: number; taken: number }[]).map((r) => [r.item_id, r.taken]),
      ),
    taken: async (userId: number, itemId: number) => Number(await taken.get(userId, itemId)),
    /** Takes `quantity` units off the stock; false when fewer are left. */
    sell: async (id: number, quantity: number) => (await sell.run({ id, quantity })).changes === 1,
    insertOrder: (o: {
      orderNo: string;
      userId: number;
      itemId: number;
      quantity: number;
      points: number;
      rewards: string;
      now: string;
    }) => insertOrder.run(o),
    orderExists: async (orderNo: string) => (await orderExists.get(orderNo)) === 1,
    /** What an order bought, hidden items included (old orders still name them). */
    orderItem: async (orderNo: string) =>
      (await orderItem.get(orderNo)) as { quantity: number; name_en: string; name_vi: string } | undefined,
    upsert: (item: MallItemSeed) => upsert.run(item),
    /** Items dropped from the seed file are hidden, never deleted (orders point at them). */
    disableOthers: (ids: number[]) => disableOthers.run(JSON.stringify(ids)),
  };
}

export type MallRepo = ReturnType<typeof createMallRepo>;
