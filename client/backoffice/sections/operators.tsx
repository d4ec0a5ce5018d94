import { useState } from 'react';
import type { z } from 'zod';
import type { listOperators } from '../../../shared/contract/ops-operators';
import { ROLES } from '../../../shared/roles';
import { askReason, get, post, when } from '../api';
import { Action, Section, State, toast, useLoad } from '../ui';

type Operator = z.output<typeof listOperators.data>[number];
type Enrolment = { secret: string; uri: string };

/**
 * Operator accounts (admins): create one (the TOTP secret to hand over is shown once), change a role,
 * disable or enable, set a new password, reset the 2FA. Every change asks for a reason (audit trail).
 */
export function Operators() {
  const list = useLoad(() => get<Operator[]>('/ops/operators'));
  const [secret, setSecret] = useState<{ name: string; enrol: Enrolment } | null>(null);
  const rows = list.data ?? [];
  return (
    <Section title="Operators">
      <NewOperator
        onDone={async (name, enrol) => {
          setSecret({ name, enrol });
          await list.reload();
        }}
      />
      {secret && (
        <section className="enrol" aria-label="Two-step secret">
          <p>
            Hand this to <strong>{secret.name}</strong> for their authenticator app (shown once; their first sign-in
            with a code activates the account):
          </p>
          <p>
            <code className="mono">{secret.enrol.secret}</code>
          </p>
          <p className="muted mono small">{secret.enrol.uri}</p>
        </section>
      )}
      <State loading={list.loading} error={list.error} empty={rows.length === 0} retry={list.reload} what="operators" />
      {rows.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Role</th>
                <th>State</th>
                <th>Last sign-in</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id}>
                  <td>{o.name}</td>
                  <td>
                    <select
                      aria-label={`Role of ${o.name}`}
                      value={o.role}
                      onChange={async (e) => {
                        const role = e.target.value;
                        const reason = askReason(`Make ${o.name} a ${role}?`);
                        if (!reason) return;
                        try {
                          await post(`/ops/operators/${o.id}`, { role, reason });
                          toast(`${o.name} is now ${role}`);
                        } catch (caught) {
                          toast(String((caught as Error).message), 'bad');
                        }
                        await list.reload();
                      }}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <span className={`pill ${o.disabled ? 'suspended' : 'active'}`}>
                      {o.disabled ? 'disabled' : o.enrolled ? 'active' : 'awaiting first sign-in'}
                    </span>
                  </td>
                  <td>{when(o.lastLoginAt)}</td>
                  <td className="actions">
                    <Action
                      kind={o.disabled ? 'plain' : 'danger'}
                      confirm={`${o.disabled ? 'Enable' : 'Disable'} ${o.name}?${o.disabled ? '' : ' Their sessions end at once.'}`}
                      done={o.disabled ? 'Enabled' : 'Disabled'}
                      run={async (reason) => {
                        await post(`/ops/operators/${o.id}`, { disabled: !o.disabled, reason });
                        await list.reload();
                      }}
                    >
                      {o.disabled ? 'Enable' : 'Disable'}
                    </Action>
                    <Action
                      confirm={`Set a new password for ${o.name}? Their sessions end.`}
                      done="Password set"
                      run={async (reason) => {
                        const password = window.prompt(`New password for ${o.name} (at least 10 characters):`, '');
                        if (!password) return;
                        await post(`/ops/operators/${o.id}/password`, { password, reason });
                        await list.reload();
                      }}
                    >
                      New password
                    </Action>
                    <Action
                      confirm={`Reset the two-step secret of ${o.name}? Their sessions end; the next sign-in sets it up again.`}
                      done="2FA reset"
                      run={async (reason) => {
                        const answer = await post<{ enrol: Enrolment }>(`/ops/operators/${o.id}/totp/reset`, {
                          reason,
                        });
                        setSecret({ name: o.name, enrol: answer.enrol });
                        await list.reload();
                      }}
                    >
                      Reset 2FA
                    </Action>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function NewOperator(props: { onDone: (name: string, enrol: Enrolment) => Promise<void> }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]>('support');
  const [password, setPassword] = useState('');
  return (
    <div className="inline-form">
      <input aria-label="New operator name" placeholder="name" value={name} onChange={(e) => setName(e.target.value)} />
      <select aria-label="New operator role" value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <input
        aria-label="First password"
        type="password"
        placeholder="first password (10+ characters)"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Action
        kind="primary"
        disabled={!name.trim() || password.length < 10}
        done="Operator created"
        run={async () => {
          const answer = await post<{ enrol: Enrolment }>('/ops/operators', { name: name.trim(), role, password });
          setName('');
          setPassword('');
          await props.onDone(name.trim(), answer.enrol);
        }}
      >
        Create
      </Action>
    </div>
  );
}
