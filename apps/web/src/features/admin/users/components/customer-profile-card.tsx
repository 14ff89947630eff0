import { ROLE_LABELS, type CustomerProfile } from '@chaveiro/contract';
import type { ReactNode } from 'react';
import { formatBRL, formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { CustomerCard } from './customer-section-card';

/** The account's facts: what an admin checks first when a customer cannot sign in. */
export function CustomerProfileCard({ profile }: { profile: CustomerProfile }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Username', value: profile.username },
    { label: 'E-mail', value: <EmailText email={profile.email} /> },
    { label: 'E-mail confirmado', value: profile.email_verified ? 'Sim' : 'Não' },
    { label: 'Tipo', value: ROLE_LABELS[profile.role] },
    { label: 'Status', value: profile.status === 'banned' ? 'Banido' : 'Ativo' },
    { label: 'Criado em', value: formatDateTime(profile.created_at) },
    {
      label: 'Último login',
      value: profile.last_login_at ? (
        <>
          <span title={formatDateTime(profile.last_login_at)}>
            {formatRelative(profile.last_login_at)}
          </span>
          {profile.last_login_ip ? (
            <span className="text-muted-foreground block font-mono text-xs">
              IP {profile.last_login_ip}
            </span>
          ) : null}
        </>
      ) : (
        'Nenhum registrado'
      ),
    },
    { label: 'Autenticação 2FA', value: profile.totp_enabled ? 'Ativada' : 'Desativada' },
    { label: 'Saldo', value: <span className="tabular-nums">{formatBRL(profile.balance)}</span> },
    { label: 'XP', value: <span className="tabular-nums">{formatCount(profile.xp)}</span> },
  ];
  return (
    <CustomerCard title="Perfil">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{fact.label}</dt>
            <dd className="min-w-0">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </CustomerCard>
  );
}

/** An e-mail that wraps at its '@' first, and inside a part only if that part alone is too long. */
function EmailText({ email }: { email: string | null }) {
  if (email === null) return <span className="text-muted-foreground">Sem e-mail</span>;
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
