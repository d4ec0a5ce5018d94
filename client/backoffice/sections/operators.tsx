import { useState } from 'react';
import type { z } from 'zod';
import {
  createOperator,
  listOperators,
  resetOperatorPassword,
  resetOperatorTotp,
  updateOperator,
} from '../../../shared/contract/ops-operators';
import { grantableRoles, mayGrant, type Role } from '../../../shared/roles';
import { isService, opsCall, when } from '../api';
import { TotpEnrolment } from '../qr';
import { Action, ConfirmDialog, Section, State, toast, useLoad } from '../ui';

type Operator = z.output<typeof listOperators.data>[number];
type Enrolment = z.output<typeof createOperator.data>['enrol'];

/**
 * Operator accounts (admins): create one (the TOTP secret to hand over is shown once), change a role,
 * disable or enable, set a new password, reset the 2FA. Every change asks for a reason (audit trail) in the
 * confirmation dialog. Only the roles the signed-in operator may grant are offered (shared/roles.ts mayGrant:
 * the tester role by the service account alone, the server refuses it to others).
 */
export function Operators() {
  const list = useLoad(() => opsCall(listOperators));
  const [secret, setSecret] = useState<{ name: string; enrol: Enrolment } | null>(null);
  const [roleChange, setRoleChange] = useState<{ operator: Operator; role: Role } | null>(null);
  const [newPassword, setNewPassword] = useState<Operator | null>(null);
  const granter = { service: isService() };
  const roles = grantableRoles(granter);
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
          <TotpEnrolment secret={secret.enrol.secret} uri={secret.enrol.uri} />
        </section>
      )}
      {!mayGrant(granter, 'tester') && <TesterHint />}
      {roleChange && (
        <ConfirmDialog
          title={`Make ${roleChange.operator.name} a ${roleChange.role}?`}
          what="The new role's rights apply from their next request."
          needsReason
          confirmLabel="Change role"
          run={async (reason) => {
            await opsCall(updateOperator, {
              params: { id: roleChange.operator.id },
              body: { role: roleChange.role, reason },
            });
            toast(`${roleChange.operator.name} is now ${roleChange.role}`);
          }}
          onClose={() => {
            setRoleChange(null);
            void list.reload();
          }}
        />
      )}
      {newPassword && <NewPassword operator={newPassword} onClose={() => setNewPassword(null)} onDone={list.reload} />}
      <State loading={list.loading} error={list.error} empty={rows.length === 0} retry={list.reload} what="operators" />
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="stack-table" aria-label="Operators">
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
                  <td className="card-title">{o.name}</td>
                  <td data-label="Role">
                    <select
                      aria-label={`Role of ${o.name}`}
                      value={o.role}
                      onChange={(e) => setRoleChange({ operator: o, role: e.target.value as Role })}
                    >
                      {(roles.includes(o.role) ? roles : [o.role, ...roles]).map((r) => (
                        <option key={r} value={r} disabled={!mayGrant(granter, r)}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label="State">
                    <span className={`pill ${o.disabled ? 'suspended' : 'active'}`}>
                      {o.disabled ? 'disabled' : o.enrolled ? 'active' : 'awaiting first sign-in'}
                    </span>
                  </td>
                  <td data-label="Last sign-in">{when(o.lastLoginAt)}</td>
                  <td className="actions">
                    <Action
                      kind={o.disabled ? 'plain' : 'danger'}
                      confirm={`${o.disabled ? 'Enable' : 'Disable'} ${o.name}?`}
                      what={o.disabled ? 'They can sign in again.' : 'Their sessions end at once; they cannot sign in.'}
                      done={o.disabled ? 'Enabled' : 'Disabled'}
                      run={async (reason) => {
                        await opsCall(updateOperator, {
                          params: { id: o.id },
                          body: { disabled: !o.disabled, reason },
                        });
                        await list.reload();
                      }}
                    >
                      {o.disabled ? 'Enable' : 'Disable'}
                    </Action>
                    <button
                      type="button"
                      className="btn plain"
                      disabled={!mayGrant(granter, o.role)}
                      title={mayGrant(granter, o.role) ? undefined : TESTER_WHY}
                      onClick={() => setNewPassword(o)}
                    >
                      New password
                    </button>
                    <Action
                      disabled={!mayGrant(granter, o.role)}
                      title={mayGrant(granter, o.role) ? undefined : TESTER_WHY}
                      confirm={`Reset the two-step secret of ${o.name}?`}
                      what="Their sessions end; their next sign-in sets up the authenticator again."
                      done="2FA reset"
                      run={async (reason) => {
                        const answer = await opsCall(resetOperatorTotp, { params: { id: o.id }, body: { reason } });
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

const TESTER_WHY =
  "Only the service account (ADMIN_TOKEN) or `npm run ops -- operator create` grants the tester role or resets a tester's sign-in";

/** Why the tester role is not offered to a signed-in operator (an admin). */
const TesterHint = () => (
  <p className="muted small" role="note">
    No tester role here: only the service account (ADMIN_TOKEN) or <code>npm run ops -- operator create</code> grants
    it, or resets a tester's password or 2FA. An admin who could make a tester could sign in as one and wipe the
    database or move the clock.
  </p>
);

/** A new password for an operator, typed in the confirmation itself with the reason. */
function NewPassword(props: { operator: Operator; onClose: () => void; onDone: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const o = props.operator;
  return (
    <ConfirmDialog
      title={`Set a new password for ${o.name}?`}
      what="Their sessions end; they sign in with the new password and their authenticator."
      needsReason
      ready={password.length >= 10}
      confirmLabel="Set password"
      run={async (reason) => {
        await opsCall(resetOperatorPassword, { params: { id: o.id }, body: { password, reason } });
        toast('Password set');
      }}
      onClose={(done) => {
        props.onClose();
        if (done) void props.onDone();
      }}
    >
      <label>
        New password (at least 10 characters)
        <input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
    </ConfirmDialog>
  );
}

function NewOperator(props: { onDone: (name: string, enrol: Enrolment) => Promise<void> }) {
  const roles = grantableRoles({ service: isService() });
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [password, setPassword] = useState('');
  return (
    <div className="inline-form">
      <input aria-label="New operator name" placeholder="name" value={name} onChange={(e) => setName(e.target.value)} />
      <select aria-label="New operator role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
        {roles.map((r) => (
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
          const answer = await opsCall(createOperator, { body: { name: name.trim(), role, password } });
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
