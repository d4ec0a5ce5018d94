import type { Selectable, SqlBool } from 'kysely';
import { oneOf, param, prepareQuery, sql, total } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type MallItemRow = Selectable<DB['mall_items']>;

export type MallItemSeed = {
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
};

export function createMallRepo(db: Db) {
  const items = prepareQuery(db, (b) =>
    b.selectFrom('mall_items').selectAll().where('enabled', '=', sql.lit(1)).orderBy('sort').orderBy('id'),
  );
  const item = prepareQuery(db, (b) =>
    b.selectFrom('mall_items').selectAll().where('id', '=', param<number>('id')).where('enabled', '=', sql.lit(1)),
  );
  const takenByItem = prepareQuery(db, (b) =>
    b
      .selectFrom('mall_orders')
      .select((e) => ['item_id', e.fn.sum<number>('quantity').as('taken')])
      .where('user_id', '=', param<number>('userId'))
      .groupBy('item_id'),
  );
  const taken = prepareQuery(db, (b) =>
    b
      .selectFrom('mall_orders')
      .select(total('quantity').as('taken'))
      .where('user_id', '=', param<number>('userId'))
      .where('item_id', '=', param<number>('itemId')),
  );
  // Stock is taken by one conditional update, so parallel orders can never sell more than there is.
  const sell = prepareQuery(db, (b) =>
    b
      .updateTable('mall_items')
      .set((e) => ({ sold: e('sold', '+', param<number>('quantity')) }))
      .where('id', '=', param<number>('id'))
      .where((e) =>
        e.or([e('stock_total', 'is', null), e(e('sold', '+', param<number>('quantity')), '<=', e.ref('stock_total'))]),
      ),
  );
  const insertOrder = prepareQuery(db, (b) =>
    b.insertInto('mall_orders').values({
      order_no: param<string>('orderNo'),
      user_id: param<number>('userId'),
      item_id: param<number>('itemId'),
      quantity: param<number>('quantity'),
      points: param<number>('points'),
      rewards: param<string>('rewards'),
      created_at: param<string>('now'),
    }),
  );
  const orderExists = prepareQuery(db, (b) =>
    b.selectFrom('mall_orders').select(sql.lit(1).as('one')).where('order_no', '=', param<string>('orderNo')),
  );
  const orderItem = prepareQuery(db, (b) =>
    b
      .selectFrom('mall_orders as o')
      .innerJoin('mall_items as i', 'i.id', 'o.item_id')
      .select(['o.quantity', 'i.name_en', 'i.name_vi'])
      .where('o.order_no', '=', param<string>('orderNo')),
  );
  const upsert = prepareQuery(db, (b) =>
    b
      .insertInto('mall_items')
      .values({
        id: param<number>('id'),
        name_en: param<string>('nameEn'),
        name_vi: param<string>('nameVi'),
        description_en: param<string>('descriptionEn'),
        description_vi: param<string>('descriptionVi'),
        image: param<string>('image'),
        price: param<number>('price'),
        reward: param<string>('reward'),
        stock_total: param<number | null>('stockTotal'),
        per_account_limit: param<number | null>('perAccountLimit'),
        min_vip: param<number>('minVip'),
        sort: param<number>('sort'),
        enabled: sql.lit(1),
      })
      .onConflict((c) =>
        c.column('id').doUpdateSet((u) => ({
          name_en: u.ref('excluded.name_en'),
          name_vi: u.ref('excluded.name_vi'),
          description_en: u.ref('excluded.description_en'),
          description_vi: u.ref('excluded.description_vi'),
          image: u.ref('excluded.image'),
          price: u.ref('excluded.price'),
          reward: u.ref('excluded.reward'),
          stock_total: u.ref('excluded.stock_total'),
          per_account_limit: u.ref('excluded.per_account_limit'),
          min_vip: u.ref('excluded.min_vip'),
          sort: u.ref('excluded.sort'),
          enabled: sql.lit(1),
        })),
      ),
  );
  const disableOthers = prepareQuery(db, (b, engine) =>
    b
      .updateTable('mall_items')
      .set({ enabled: sql.lit(0) })
      .where(sql<SqlBool>`not (${oneOf(engine, 'id', 'ids', 'bigint')})`),
  );

  return {
    items: (): Promise<MallItemRow[]> => items.all(),
    item: (id: number): Promise<MallItemRow | undefined> => item.get({ id }),
    takenByItem: async (userId: number) =>
      new Map((await takenByItem.all({ userId })).map((r) => [r.item_id, r.taken] as const)),
    taken: async (userId: number, itemId: number) => Number((await taken.get({ userId, itemId }))?.taken),
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
    orderExists: async (orderNo: string) => (await orderExists.get({ orderNo })) !== undefined,
    /** What an order bought, hidden items included (old orders still name them). */
    orderItem: (orderNo: string) => orderItem.get({ orderNo }),
    upsert: (item: MallItemSeed) => upsert.run(item),
    /** Items dropped from the seed file are hidden, never deleted (orders point at them). */
    disableOthers: (ids: number[]) => disableOthers.run({ ids }),
  };
}

export type MallRepo = ReturnType<typeof createMallRepo>;
