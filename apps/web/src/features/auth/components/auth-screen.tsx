import { labels } from '@chaveiro/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthMarketing } from './auth-marketing';
import { LoginForm } from './login-form';
import { RegisterConfirmation } from './register-confirmation';
import { RegisterForm } from './register-form';
import { SessionExpiredAlert } from './session-expired-alert';

const t = labels.auth;

/** `?tab=cadastro` opens the Cadastro tab (the landing's Register link uses it). */
const REGISTER_TAB = 'cadastro';
const LOGIN_TAB = 'login';
type Tab = typeof LOGIN_TAB | typeof REGISTER_TAB;

const HEADINGS: Record<Tab, { title: string; description: string }> = {
  login: {
    title: 'Entre na sua conta',
    description: 'Acesse seu painel para resgatar chaves e acompanhar suas assinaturas.',
  },
  cadastro: {
    title: 'Crie sua conta',
    description: 'Leva menos de um minuto: depois é só confirmar seu e-mail.',
  },
};

/** `/auth`: Login (default) and Cadastro tabs beside the marketing panel (spec §2). */
export function AuthScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === REGISTER_TAB ? REGISTER_TAB : LOGIN_TAB;
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [loginIdentifier, setLoginIdentifier] = useState('');
  const heading = HEADINGS[tab];

  const selectTab = (next: string) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === REGISTER_TAB) params.set('tab', REGISTER_TAB);
        else params.delete('tab');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const backToLogin = () => {
    setLoginIdentifier(registeredEmail ?? '');
    setRegisteredEmail(null);
    selectTab(LOGIN_TAB);
  };

  return (
    <div className="grid w-full max-w-6xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-center lg:gap-16">
      <Card className="mx-auto w-full max-w-md gap-5 shadow-md lg:order-2 lg:max-w-none">
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{heading.title}</h1>
          <p className="text-muted-foreground text-sm">{heading.description}</p>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SessionExpiredAlert />
          <Tabs value={tab} onValueChange={selectTab} className="gap-6">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value={LOGIN_TAB}>{t.loginTab}</TabsTrigger>
              <TabsTrigger value={REGISTER_TAB}>{t.registerTab}</TabsTrigger>
            </TabsList>
            <TabsContent value={LOGIN_TAB}>
              <LoginForm defaultIdentifier={loginIdentifier} />
            </TabsContent>
            <TabsContent value={REGISTER_TAB}>
              {registeredEmail ? (
                <RegisterConfirmation email={registeredEmail} onBackToLogin={backToLogin} />
              ) : (
                <RegisterForm onRegistered={setRegisteredEmail} />
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <div className="mx-auto w-full max-w-md lg:order-1 lg:max-w-none">
        <AuthMarketing />
      </div>
    </div>
  );
}
