import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as chat from '../../../shared/contract/chat';
import type { Endpoint } from '../../../shared/contract/define';
import * as ops from '../../../shared/contract/ops';
import * as audit from '../../../shared/contract/ops-audit';
import * as dashboard from '../../../shared/contract/ops-dashboard';
import * as inbox from '../../../shared/contract/ops-inbox';
import * as money from '../../../shared/contract/ops-money';
import * as operators from '../../../shared/contract/ops-operators';
import * as rewards from '../../../shared/contract/ops-rewards';
import * as risk from '../../../shared/contract/ops-risk';
import * as stubs from '../../../shared/contract/ops-stubs';
import * as tooling from '../../../shared/contract/ops-tooling';
import * as responsible from '../../../shared/contract/responsible';
import { PERMISSIONS, type Permission } from '../../../shared/roles';
import { recordedHandlers } from '../../src/test/contract-handlers';
import { startContractServer } from '../../src/test/contract-server';
import { grant } from '../api';
import { Audit } from './audit';
import { Channels } from './channels';
import { Clock } from './clock';
import { Codes } from './codes';
import { Deposits } from './deposits';
import { Faults } from './faults';
import { Kyc } from './kyc';
import { Letters } from './letters';
import { Players } from './players';
import { Requests } from './requests';
import { Stubs } from './stubs';
import { Withdrawals } from './withdrawals';
import { Worlds } from './worlds';

const server = startContractServer();

/** Every /ops endpoint of the contract: what the back office may call. */
const OPS_ENDPOINTS = [chat, ops, audit, dashboard, inbox, money, operators, rewards, risk, stubs, tooling, responsible]
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'path' in value && String(value.path).startsWith('/ops/'),
  );

/** The sections that read lists on opening (Chat waits for its live channel; the ledger reads on demand). */
const SECTIONS: [string, ComponentType][] = [
  ['Withdrawals', Withdrawals],
  ['Deposits', Deposits],
  ['Players', Players],
  ['Identity verification', Kyc],
  ['Codes', Codes],
  ['Deposit channels', Channels],
  ['Letters', Letters],
  ['Audit trail', Audit],
  ['Clock', Clock],
  ['Snapshots', Worlds],
  ['Faults', Faults],
  ['Stubs', Stubs],
  ['Requests', Requests],
];

describe('back office sections on the contract', () => {
  afterEach(() => {
    cleanup();
    grant([]);
  });

  it.each(SECTIONS)(
    '%s opens on the recorded answers of its endpoints, with no error and no unknown call',
    async (_, View) => {
      grant(Object.keys(PERMISSIONS) as Permission[], true);
      // each endpoint answers the example recorded from the scenarios (npm run openapi), parsed by its schema;
      // a call to a path the contract does not have is unhandled and fails the test
      server.use(...recordedHandlers(OPS_ENDPOINTS));
      render(<View />);
      await waitFor(() => expect(screen.queryAllByText(/^Loading/)).toEqual([]));
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
