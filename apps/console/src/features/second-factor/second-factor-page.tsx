import type { RecoveryCodes, SecondFactorEnrolment } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CodeForm } from '../../components/code-form';
import { LoadError } from '../../components/load-error';
import { usePageTitle } from '../../lib/page-title';
import {
  useBeginEnrolment,
  useConfirmEnrolment,
  useDisableSecondFactor,
  useEnrolmentSeen,
  useRenewRecoveryCodes,
  useSecondFactor,
} from './api/second-factor';

const TITLE = 'Verificação em duas etapas';
const WHY = 'Além da senha, cada entrada pede o código de 6 dígitos de um aplicativo autenticador no seu celular (Google Authenticator, Microsoft Authenticator, 1Password...).';

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** `/verificacao`: the member's own second factor (decision 056): turn it on, renew the recovery codes, turn it off. */
export function SecondFactorPage() {
  usePageTitle(TITLE);
  const status = useSecondFactor();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">{TITLE}</h1>
        <p className="text-small text-muted-foreground">{WHY}</p>
      </div>
      {status.isPending ? (
        <Skeleton className="h-40" aria-busy />
      ) : status.isError ? (
        <LoadError error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />
      ) : status.data.ativa ? (
        <>
          <Alert variant="success">
            <p>
              Ativa. {status.data.codigos_restantes === 1 ? 'Resta 1 código de recuperação.' : `Restam ${status.data.codigos_restantes} códigos de recuperação.`}
            </p>
          </Alert>
          <RenewCodes />
          <TurnOff required={status.data.obrigatoria} />
        </>
      ) : (
        <Enrolment required={status.data.obrigatoria} />
      )}
    </div>
  );
}

/** What an administrator without a second factor sees instead of the console until they enrol. */
export function RequiredEnrolment({ footer }: { footer: ReactNode }) {
  usePageTitle(TITLE);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">Ative a verificação em duas etapas</h1>
        <p className="text-small text-muted-foreground">
          Administradores veem os dados de saúde de todos os clientes e gerenciam a equipe, por isso a conta precisa de mais que a senha. {WHY}
        </p>
      </div>
      <Enrolment required />
      {footer}
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `secao-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
      <h2 id={id} className="text-title font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A code form and its button: the app's current code (or a recovery code, where `recovery`). */
function CodeStep({
  mutation,
  label,
  action,
  recovery,
  variant = 'default',
}: {
  mutation: UseMutationResult<unknown, Error, string>;
  label: string;
  action: string;
  recovery: boolean;
  variant?: 'default' | 'destructive';
}) {
  return (
    <CodeForm
      label={label}
      hint={recovery ? 'Os 6 dígitos do aplicativo, ou um código de recuperação.' : 'Os 6 dígitos que o aplicativo mostra agora.'}
      error={mutation.isError ? mutation.error.message : null}
      onSubmit={(code, clear) => mutation.mutate(code, { onSuccess: clear })}
    >
      <Button type="submit" variant={variant} pending={mutation.isPending} className="justify-self-start sm:self-start">
        {action}
      </Button>
    </CodeForm>
  );
}

function CodesList({ codes }: { codes: RecoveryCodes['codigos_recuperacao'] }) {
  return (
    <>
      <p className="text-small">
        Guarde estes códigos de recuperação num lugar seguro, fora do celular. Cada um permite entrar uma vez sem o aplicativo; eles não serão mostrados de novo.
      </p>
      <ul aria-label="Códigos de recuperação" className="grid grid-cols-2 gap-2 font-mono text-body sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Turning the factor on: a new secret to scan or type, confirmed by the app's first code, then the recovery codes. */
function Enrolment({ required }: { required: boolean }) {
  const begin = useBeginEnrolment();
  const confirm = useConfirmEnrolment();
  const seen = useEnrolmentSeen();

  if (confirm.data) {
    return (
      <Section title="Verificação ativada">
        <CodesList codes={confirm.data.codigos_recuperacao} />
        <Button type="button" className="self-start" onClick={() => void seen()}>
          {required ? 'Guardei os códigos, abrir o console' : 'Guardei os códigos'}
        </Button>
      </Section>
    );
  }
  return (
    <Section title="Ativar">
      {begin.data ? (
        <Secret enrolment={begin.data} />
      ) : (
        <>
          <p className="text-small">Instale um aplicativo autenticador no celular e comece: o Acompanha mostra a chave a adicionar nele.</p>
          {begin.isError && (
            <Alert variant="destructive">
              <p>{begin.error.message}</p>
            </Alert>
          )}
          <Button type="button" className="self-start" pending={begin.isPending} onClick={() => begin.mutate()}>
            Começar
          </Button>
        </>
      )}
      {begin.data && <CodeStep mutation={confirm} label="Código do aplicativo" action="Ativar verificação" recovery={false} />}
    </Section>
  );
}

function Secret({ enrolment }: { enrolment: SecondFactorEnrolment }) {
  return (
    <div className="flex flex-col gap-2 text-small">
      <p>No aplicativo, adicione uma conta com esta chave (tipo: baseada em tempo):</p>
      <p aria-label="Chave para o aplicativo" className="rounded-lg bg-muted px-3 py-2 font-mono text-body tracking-wider break-all">
        {grouped(enrolment.segredo)}
      </p>
      <p>
        No celular, você também pode <a className="font-semibold text-primary underline" href={enrolment.uri}>abrir a chave direto no aplicativo</a>. Depois, digite abaixo o código que ele mostrar.
      </p>
    </div>
  );
}

function RenewCodes() {
  const renew = useRenewRecoveryCodes();
  return (
    <Section title="Códigos de recuperação">
      {renew.data ? (
        <CodesList codes={renew.data.codigos_recuperacao} />
      ) : (
        <>
          <p className="text-small">Gere novos códigos se os seus acabaram ou podem ter sido vistos: os anteriores deixam de valer.</p>
          <CodeStep mutation={renew} label="Código de verificação" action="Gerar novos códigos" recovery />
        </>
      )}
    </Section>
  );
}

/** Off, for a new phone; an administrator is then asked to enrol the new one before going on. */
function TurnOff({ required }: { required: boolean }) {
  const disable = useDisableSecondFactor();
  return (
    <Section title={required ? 'Trocar de aparelho' : 'Desativar'}>
      <p className="text-small">
        {required
          ? 'Para usar outro celular, desative a verificação atual: em seguida o console pede para ativar a do novo aparelho.'
          : 'Sem a verificação, a conta volta a entrar só com a senha.'}
      </p>
      <CodeStep mutation={disable} label="Código de verificação" action={required ? 'Desativar e ativar no novo aparelho' : 'Desativar verificação'} recovery variant="destructive" />
    </Section>
  );
}
