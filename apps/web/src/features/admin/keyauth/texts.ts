import { keyAuthAppMessages, pluralWord } from '@chaveiro/contract';

/**
 * pt-BR texts of /admin/products/:id/keyauth; validation and the server's messages come from
 * the contract (keyAuthAppMessages).
 */
export const keyAuthTexts = {
  back: 'Voltar aos produtos',
  title: keyAuthAppMessages.menuItem,
  subtitle: (product: string) =>
    `Loaders feitos com o SDK do KeyAuth (C++, C#, Python) passam a falar com o Chaveiro para ${product}: troque a URL da API e a chave pública no loader e pronto.`,
  loading: 'Carregando…',
  productNotFound: 'Produto não encontrado. Ele pode ter sido excluído.',
  settings: {
    title: 'App KeyAuth',
    description:
      'Nome e versão são os que o loader envia. Se a versão do loader for outra, ele recebe o link de download para se atualizar.',
    enabled: 'Ativar compatibilidade KeyAuth',
    enabledHint: 'Desligada, os loaders KeyAuth deste produto recebem "aplicativo não encontrado".',
    name: 'Nome do app',
    namePlaceholder: 'Ex.: MeuLoader',
    version: 'Versão',
    versionPlaceholder: '1.0',
    downloadUrl: 'Link de download (opcional)',
    downloadUrlPlaceholder: 'https://minhaloja.com.br/loader.exe',
    downloadUrlHint: 'Aberto pelo loader quando a versão dele não é a informada acima.',
    advanced: 'Avançado: manter Owner ID e secret de um loader já compilado',
    advancedHint:
      'Deixe em branco para o Chaveiro gerar. Se o seu loader já foi distribuído com o Owner ID e o secret do KeyAuth, informe-os para não precisar trocá-los.',
    advancedHintSaved:
      'Deixe em branco para manter os atuais (veja em Valores para o loader). Informe outros só se o seu loader já foi compilado com eles.',
    ownerId: 'Owner ID',
    ownerIdPlaceholder: '10 letras ou números',
    secret: 'Secret',
    secretPlaceholder: '64 caracteres hex',
    save: 'Salvar',
    firstSave: 'Salvar e gerar credenciais',
    notConfigured:
      'Ainda não configurado. Salve para gerar o Owner ID, o secret e os valores do loader.',
  },
  values: {
    title: 'Valores para o loader',
    description: 'Cole estes valores no seu loader KeyAuth. Cada um tem seu botão de copiar.',
    disabled:
      'A compatibilidade está desligada: os loaders não conseguem entrar até você ativá-la.',
    apiUrl: 'URL da API (1.3)',
    apiUrlLegacy: 'URL da API (1.2)',
    ownerId: 'Owner ID',
    name: 'Nome',
    secret: 'Secret',
    version: 'Versão',
    publicKey: 'Chave pública (hex)',
    rotate: 'Gerar novo secret',
  },
  snippets: {
    title: 'Trechos prontos',
    description: 'O que muda em cada exemplo oficial do KeyAuth. O resto do loader continua igual.',
    tabs: { cpp: 'C++', csharp: 'C#', python: 'Python' },
    hints: {
      cpp: 'API 1.3: respostas assinadas com a chave pública do Chaveiro.',
      csharp:
        'API 1.2: respostas assinadas com o secret. O exemplo em C# confere o emissor do certificado TLS do servidor (Cloudflare, Google Trust Services ou Let\u2019s Encrypt).',
      python: 'API 1.3: respostas assinadas com a chave pública do Chaveiro (PyNaCl).',
    },
    copy: 'Copiar trecho',
    copied: 'Trecho copiado.',
    docs: 'Ver a documentação da API',
  },
  rotate: {
    title: 'Gerar novo secret?',
    description:
      'O secret atual deixa de valer na hora: loaders na API 1.2 com o secret antigo param de funcionar até serem atualizados. A API 1.3 não usa o secret.',
    confirm: 'Gerar novo secret',
    cancel: 'Cancelar',
  },
  variables: {
    title: 'Variáveis',
    description: (limit: number) =>
      `Valores que o loader lê com var("nome") depois do login. Até ${limit} por produto.`,
    add: 'Adicionar variável',
    loading: 'Carregando variáveis…',
    empty: 'Nenhuma variável cadastrada.',
    count: (count: number, limit: number) =>
      `${count} de ${limit} ${pluralWord(limit, 'variável', 'variáveis')}`,
    emptyValue: '(vazio)',
    edit: 'Editar',
    editOf: (name: string) => `Editar a variável ${name}`,
    delete: 'Excluir',
    deleteOf: (name: string) => `Excluir a variável ${name}`,
    form: {
      createTitle: 'Adicionar variável',
      editTitle: 'Editar variável',
      createDescription: 'O nome é o que o loader pede em var("nome").',
      editDescription: 'O nome não muda; o novo valor vale para os próximos pedidos.',
      name: 'Nome',
      namePlaceholder: 'Ex.: motd',
      nameHint: 'Letras, números, ponto, hífen ou sublinhado (até 64).',
      value: 'Valor',
      cancel: 'Cancelar',
      create: 'Adicionar variável',
      save: 'Salvar',
    },
    deleteDialog: {
      title: 'Excluir variável?',
      description: (name: string) =>
        `Loaders que pedem var("${name}") passam a receber "variável não encontrada".`,
      confirm: 'Excluir variável',
      cancel: 'Cancelar',
    },
  },
  blacklist: {
    title: 'HWIDs bloqueados',
    description:
      'Máquinas recusadas por este produto, no loader KeyAuth e no do Chaveiro. O ban() do KeyAuth também adiciona aqui.',
    add: 'Bloquear HWID',
    loading: 'Carregando HWIDs…',
    empty: 'Nenhum HWID bloqueado.',
    noun: (total: number) => pluralWord(total, 'HWID bloqueado', 'HWIDs bloqueados'),
    noReason: 'Sem motivo informado',
    byBan: 'Banido pelo loader',
    account: 'Conta:',
    blockedAt: (when: string) => `Bloqueado em ${when}`,
    remove: 'Desbloquear',
    removeOf: (hwid: string) => `Desbloquear ${hwid}`,
    previous: 'Anterior',
    next: 'Próxima',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
    form: {
      title: 'Bloquear HWID',
      description: 'O loader recusa esta máquina em todas as contas deste produto.',
      hwid: 'HWID',
      hwidPlaceholder: 'Ex.: S-1-5-21-3623811015-3361044348-30300820-1013',
      reason: 'Motivo (opcional)',
      reasonPlaceholder: 'Ex.: chargeback, compartilhamento de conta',
      cancel: 'Cancelar',
      submit: 'Bloquear HWID',
    },
    removeDialog: {
      title: 'Desbloquear HWID?',
      description: (hwid: string) => `${hwid} volta a poder entrar pelos loaders deste produto.`,
      confirm: 'Desbloquear',
      cancel: 'Cancelar',
    },
  },
} as const;
