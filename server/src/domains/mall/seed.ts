import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, SEEDS_DIR } from '../../db/database';
import { createMallRepo } from './repo';
import { type RewardInput, toGranted } from './reward-input';

interface MallSeed {
  items: {
    id: number;
    nameEn: string;
    nameVi: string;
    descriptionEn: string;
    descriptionVi: string;
    image: string;
    price: number;
    reward: RewardInput;
    stock: number | null;
    perAccountLimit: number | null;
    minVip: number;
  }[];
}

export const readMallSeed = (): MallSeed => JSON.parse(readFileSync(join(SEEDS_DIR, 'mall.json'), 'utf8')) as MallSeed;

/** Items follow the seed file at every start; `stock` is the total ever sold, so sales already made count. */
export async function seedMall(db: Db): Promise<void> {
  const repo = createMallRepo(db);
  const { items } = readMallSeed();
  for (const [index, item] of items.entries()) {
    await repo.upsert({
      id: item.id,
      nameEn: item.nameEn,
      nameVi: item.nameVi,
      descriptionEn: item.descriptionEn,
      descriptionVi: item.descriptionVi,
      image: item.image,
      price: item.price,
      reward: JSON.stringify(toGranted(item.reward)),
      stockTotal: item.stock,
      perAccountLimit: item.perAccountLimit,
      minVip: item.minVip,
      sort: index,
    });
  }
  await repo.disableOthers(items.map((i) => i.id));
}
