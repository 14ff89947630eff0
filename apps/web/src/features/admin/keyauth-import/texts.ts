/** pt-BR texts of "Importar do KeyAuth". */
export const keyAuthImportTexts = {
  title: 'Importar do KeyAuth',
  subtitle:
    'Traga os usuários e as licenças de um app do KeyAuth para um produto: senhas, HWIDs, vencimentos e chaves continuam valendo.',
  formTitle: 'Arquivos exportados',
  formDescription:
    'No painel do KeyAuth, exporte os usuários e as licenças em JSON. Importar de novo os mesmos arquivos não duplica nada.',
  product: 'Produto',
  productPlaceholder: 'Escolha o produto',
  productHint: 'Recebe as assinaturas dos usuários e as chaves importadas.',
  productRequired: 'Escolha o produto.',
  usersFile: 'Usuários (JSON)',
  usersHint: 'Senhas bcrypt, HWIDs e vencimentos. Opcional se enviar as licenças.',
  licensesFile: 'Licenças (JSON)',
  licensesHint: 'Chaves com status, duração e quem usou. Opcional se enviar os usuários.',
  filesRequired: 'Escolha ao menos um dos dois arquivos.',
  submit: 'Importar',
  noProducts: 'Cadastre um produto antes de importar.',
  resultTitle: 'Resultado da importação',
  created: 'Novos',
  existing: 'Já existentes',
  skipped: 'Não importados',
  users: 'Usuários',
  keys: 'Chaves',
  subscriptions: (count: number) =>
    `${count} ${count === 1 ? 'assinatura criada' : 'assinaturas criadas'}`,
  machines: (count: number) => `${count} ${count === 1 ? 'HWID vinculado' : 'HWIDs vinculados'}`,
  problemsTitle: 'Avisos',
  noProblems: 'Nenhum aviso: tudo foi importado como estava no KeyAuth.',
  problemLine: (file: 'users' | 'licenses', line: number) =>
    `${file === 'users' ? 'Usuários' : 'Licenças'}, linha ${line}`,
  moreProblems: (count: number) => `… e mais ${count} avisos.`,
} as const;
