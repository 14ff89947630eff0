/**
 * The Terms of Use of /terms (spec §2 leaves the text open). A block is a paragraph, or a list
 * when it is an array. Ids are the anchors other pages link to (#privacidade, #reembolsos).
 */
export interface TermsSection {
  id: string;
  title: string;
  blocks: readonly (string | readonly string[])[];
}

export const TERMS_UPDATED_AT = 'novembro de 2025';
export const PRIVACY_EMAIL = 'privacidade@chaveiro.com.br';

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'aceitacao',
    title: '1. Aceitação',
    blocks: [
      'Estes Termos de Uso regem o acesso e o uso da plataforma Chaveiro, que vende e gerencia assinaturas de software por tempo determinado ativadas por chaves de licença. Ao criar uma conta, resgatar uma chave ou usar qualquer produto adquirido aqui, você declara que leu, entendeu e concorda com estes termos.',
      'Se você não concordar com alguma condição, não utilize a plataforma. Nada nestes termos limita os direitos garantidos a você pelo Código de Defesa do Consumidor (Lei nº 8.078/1990).',
    ],
  },
  {
    id: 'conta',
    title: '2. Sua conta',
    blocks: [
      'Para comprar e usar licenças é preciso ter uma conta confirmada pelo e-mail informado no cadastro. Você deve ter pelo menos 18 anos ou contar com a autorização de um responsável legal.',
      [
        'Informe dados verdadeiros e mantenha seu e-mail atualizado: é por ele que enviamos confirmações e links de redefinição de senha.',
        'Guarde sua senha em sigilo. Recomendamos ativar a verificação em duas etapas (2FA) no seu perfil.',
        'Por segurança, a sessão expira após 7 minutos de inatividade.',
        'Você é responsável pelas ações realizadas na sua conta. Se suspeitar de acesso indevido, altere a senha e fale com o suporte imediatamente.',
      ],
    ],
  },
  {
    id: 'licencas',
    title: '3. Licenças e assinaturas',
    blocks: [
      'Cada chave de licença tem 18 caracteres alfanuméricos e concede o direito de uso de um produto por um período definido (diário, semanal, quinzenal ou mensal). A licença é pessoal, intransferível e não exclusiva: você adquire o direito de usar o software, não a sua propriedade.',
      [
        'A contagem do período começa no resgate da chave. Resgatar outra chave do mesmo produto soma o novo período à assinatura existente.',
        'Uma chave só pode ser resgatada uma vez. Chaves banidas ou expiradas não podem ser resgatadas.',
        'Chaves compradas de terceiros que não sejam revendedores autorizados não têm garantia de funcionamento nem de reembolso.',
        'O tempo restante, os dispositivos vinculados e o histórico de chaves ficam sempre disponíveis no seu painel.',
      ],
    ],
  },
  {
    id: 'hwid',
    title: '4. Vínculo por HWID',
    blocks: [
      'Para impedir o compartilhamento indevido, cada assinatura é vinculada ao identificador de hardware (HWID) dos computadores em que é usada, até o limite de dispositivos do seu plano (em geral, 1 dispositivo).',
      'O HWID é um código técnico derivado do seu hardware. Ele não revela seus arquivos nem dados pessoais além do necessário para reconhecer a máquina, e é usado apenas para validar a licença.',
    ],
  },
  {
    id: 'pausas-e-resets',
    title: '5. Pausas e resets de HWID',
    blocks: [
      [
        'Pausa: enquanto a assinatura está pausada, o tempo restante fica congelado e volta a correr quando você a reativa. Cada pausa consome um crédito de pausa da assinatura.',
        'Pausas feitas pela equipe (por manutenção, por exemplo) congelam o tempo de todos os clientes e não consomem os seus créditos.',
        'Reset de HWID: ao trocar de computador, você pode liberar os dispositivos vinculados pelo painel. Cada reset consome um crédito de reset; sem créditos, fale com o suporte.',
        'Créditos de pausa e de reset não têm valor monetário e não podem ser transferidos.',
      ],
    ],
  },
  {
    id: 'pagamentos',
    title: '6. Preços e pagamentos',
    blocks: [
      'Os preços são exibidos em reais (R$) antes da compra e podem mudar a qualquer momento, sem afetar assinaturas já pagas. Revendedores autorizados podem praticar preços próprios e são responsáveis pelas vendas que realizam.',
    ],
  },
  {
    id: 'reembolsos',
    title: '7. Reembolsos',
    blocks: [
      [
        'Arrependimento: você pode desistir da compra em até 7 dias contados do pagamento, nos termos do art. 49 do Código de Defesa do Consumidor, com devolução integral do valor pago.',
        'Falha técnica: se o produto não funcionar por problema nosso e o suporte não resolver em até 72 horas, devolvemos o valor proporcional ao tempo não utilizado ou estendemos a assinatura, à sua escolha.',
        'O reembolso é feito pelo mesmo meio de pagamento em até 10 dias úteis após a aprovação.',
        'Não há reembolso do período restante em caso de banimento por fraude, chargeback indevido ou violação destes termos.',
      ],
      'Para pedir um reembolso, escreva para o suporte informando o e-mail da conta e a chave ou o comprovante da compra.',
    ],
  },
  {
    id: 'banimentos',
    title: '8. Condutas proibidas e banimentos',
    blocks: [
      'Para proteger a comunidade, não é permitido:',
      [
        'compartilhar, revender ou sublicenciar chaves e contas sem ser revendedor autorizado;',
        'tentar burlar o vínculo por HWID, a verificação de licença ou qualquer medida de segurança;',
        'fazer engenharia reversa, modificar ou redistribuir os produtos;',
        'usar meios de pagamento de terceiros sem autorização ou abrir contestação de pagamento (chargeback) de má-fé;',
        'criar contas em massa, automatizar acessos ou sobrecarregar a plataforma.',
      ],
      'Uma violação pode levar à suspensão das assinaturas, ao banimento da conta e ao cancelamento das chaves envolvidas. Banimentos invalidam imediatamente todas as sessões da conta. Se acreditar que houve um engano, você pode contestar pelo suporte em até 30 dias; analisaremos o caso e responderemos de forma fundamentada.',
    ],
  },
  {
    id: 'privacidade',
    title: '9. Privacidade e proteção de dados (LGPD)',
    blocks: [
      'Tratamos dados pessoais conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018). Coletamos apenas o necessário para oferecer o serviço:',
      [
        'dados de cadastro: nome de usuário, e-mail e foto de perfil opcional (a senha é guardada apenas como hash irreversível);',
        'dados de uso da licença: HWID, datas de ativação e de último acesso dos dispositivos;',
        'registros de acesso: endereço IP, data e hora, guardados por 6 meses conforme o Marco Civil da Internet;',
        'newsletter: o e-mail que você cadastrar no rodapé, apenas com o seu consentimento.',
      ],
      'Usamos esses dados para executar o contrato (ativar e validar licenças, prestar suporte), cumprir obrigações legais, prevenir fraudes e, com o seu consentimento, enviar novidades. Não vendemos dados pessoais. Compartilhamos o estritamente necessário com prestadores que nos ajudam a operar (processamento de pagamentos e envio de e-mails), sob contrato e com as mesmas garantias.',
      'Como titular, você pode a qualquer momento solicitar:',
      [
        'confirmação de que tratamos seus dados e acesso a eles;',
        'correção de dados incompletos, inexatos ou desatualizados;',
        'anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade;',
        'portabilidade dos dados a outro fornecedor;',
        'eliminação dos dados tratados com o seu consentimento e revogação desse consentimento;',
        'informação sobre com quem compartilhamos seus dados.',
      ],
      `Para exercer esses direitos, escreva para ${PRIVACY_EMAIL}. Respondemos em até 15 dias. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).`,
      'O navegador guarda apenas o necessário para a plataforma funcionar: o token da sua sessão e a sua preferência de tema. Não usamos cookies de publicidade.',
    ],
  },
  {
    id: 'disponibilidade',
    title: '10. Disponibilidade e responsabilidade',
    blocks: [
      'Trabalhamos para manter a plataforma disponível 24 horas por dia, mas podem ocorrer interrupções para manutenção, atualizações ou por causas fora do nosso controle. Nesses casos, sempre que possível, pausamos o tempo das assinaturas para que você não perca dias pagos.',
      'Os produtos são fornecidos para uso conforme a sua documentação. Não nos responsabilizamos por danos decorrentes de uso em desacordo com estes termos ou com as regras de serviços de terceiros.',
    ],
  },
  {
    id: 'alteracoes',
    title: '11. Alterações e legislação',
    blocks: [
      'Podemos atualizar estes termos para refletir mudanças no serviço ou na lei. Alterações relevantes serão avisadas por e-mail ou no painel com antecedência mínima de 15 dias; continuar usando a plataforma depois disso significa concordar com a nova versão.',
      'Estes termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro do domicílio do consumidor para resolver qualquer controvérsia.',
    ],
  },
];
