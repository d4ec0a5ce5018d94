import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { runSeeds, type Seeder } from '../db/seed';
import * as audit from './audit/register';
import * as badge from './badge/register';
import * as chat from './chat/register';
import * as config from './config/register';
import * as dashboard from './dashboard/register';
import * as deposit from './deposit/register';
import * as friend from './friend/register';
import * as game from './game/register';
import * as inbox from './inbox/register';
import * as kyc from './kyc/register';
import * as ledger from './ledger/register';
import * as mall from './mall/register';
import * as operator from './operator/register';
import * as play from './play/register';
import * as poker from './poker/register';
import * as redemption from './redemption/register';
import * as responsible from './responsible/register';
import * as reward from './reward/register';
import * as risk from './risk/register';
import * as task from './task/register';
import * as tooling from './tooling/register';
import * as user from './user/register';
import * as vip from './vip/register';
import * as withdraw from './withdraw/register';

/**
 * Every domain, in registration order. Each domain's register.ts exports `register(app)`: it builds its
 * services (adding them to app.services and to the `AppServices` interface), its subscriptions, its
 * player routes and its /ops routes. A domain may use at registration time the services of the domains
 * above it; a service it only calls later it reaches through app.services at call time.
 */
export interface Domain {
  register: (app: FastifyInstance) => void;
  /** Its reference data (db/seeds), written at every start after the migrations: idempotent upserts. */
  seed?: Seeder;
}

export const DOMAINS: readonly Domain[] = [
  audit, // first: its onRoute hook puts the audit trail on the /ops actions every domain below adds
  operator,
  config,
  user,
  risk, // after user; user (sign-up code), withdraw (fraud hold) and the player list call it at call time
  ledger,
  deposit,
  responsible, // after deposit: it counts the deposits; deposit, game and play call it at call time
  game,
  play,
  kyc,
  withdraw,
  badge,
  reward,
  vip,
  friend,
  poker,
  redemption,
  mall,
  inbox,
  task,
  chat,
  dashboard, // reads the ledger and the queues of the domains above it
  tooling,
];

/** Writes every domain's reference data into `db`, in the order of DOMAINS, in one transaction. */
export const seedDomains = (db: Db): Promise<void> =>
  runSeeds(
    db,
    DOMAINS.flatMap((domain) => (domain.seed ? [domain.seed] : [])),
  );

export const registerDomains = fp(
  async (app: FastifyInstance) => {
    app.decorate('services', {} as FastifyInstance['services']);
    for (const domain of DOMAINS) domain.register(app);
  },
  { name: 'domains' },
);
