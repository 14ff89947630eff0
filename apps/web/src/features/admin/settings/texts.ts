/** pt-BR text of /admin/settings; the server's answers (toasts) come from the contract. */
export const settingsTexts = {
  title: 'Configurações',
  subtitle:
    'Estado do servidor, modo de manutenção, preços de revenda e ações em massa sobre as contas.',

  serverStatus: {
    title: 'Status do servidor',
    description: 'O que o loader responde quando um cliente tenta usar um produto.',
    online: 'Online',
    onlineHint: 'O loader autentica normalmente e os produtos funcionam.',
    offline: 'Offline',
    offlineHint:
      'O loader recusa todas as autenticações e a área do cliente avisa que o servidor está offline. O site e o painel continuam funcionando.',
  },

  maintenance: {
    title: 'Modo de manutenção',
    description: 'Para atualizar o sistema sem clientes usando-o ao mesmo tempo.',
    label: 'Ativar modo de manutenção',
    hint: 'Todos, exceto administradores, veem a página de manutenção: o site, a API e o loader recusam clientes e revendedores, inclusive no login. Administradores continuam usando o painel.',
    on: 'Ativado',
    off: 'Desativado',
  },

  resellerDiscount: {
    title: 'Preços de revenda',
    description:
      'Quanto os revendedores pagam pelas chaves. Um preço de revenda definido no plano (Produtos) vale mais que este desconto.',
    label: 'Desconto global de revenda (%)',
    hint: 'De 0 a 90%, com até duas casas decimais. 0 = revendedores pagam o preço de varejo.',
    example: (retail: string, reseller: string) =>
      `Exemplo: um plano de ${retail} sai por ${reseller} para revendedores (arredondado ao centavo).`,
    save: 'Salvar desconto',
  },

  bulk: {
    title: 'Ações em massa',
    description:
      'Valem para todas as contas de clientes e revendedores. Contas de administradores nunca são afetadas.',
    pauseLabel: 'Pausar todos os usuários',
    pauseHint:
      'Congela o tempo de todas as assinaturas em andamento; os clientes não conseguem retomá-las. Ao desligar, voltam a contar só as que esta pausa congelou. As que o cliente pausou continuam pausadas.',
    resetLabel: 'Resetar todos os HWIDs',
    resetHint:
      'Desvincula as máquinas de todas as assinaturas. Cada cliente vincula a máquina de novo ao entrar pelo loader.',
    resetButton: 'Resetar HWIDs',
    deleteLabel: 'Excluir todos os usuários',
    deleteHint:
      'Exclui todas as contas que não são de administradores, com suas assinaturas. Não pode ser desfeito.',
    deleteButton: 'Excluir usuários',
  },

  resetDialog: {
    title: 'Resetar todos os HWIDs?',
    description:
      'As máquinas vinculadas às assinaturas de todos os clientes e revendedores serão desvinculadas. Cada um vincula a máquina de novo ao entrar pelo loader; os créditos de reset deles não são gastos. Contas de administradores não são afetadas.',
    confirm: 'Resetar todos',
  },

  deleteDialog: {
    title: 'Excluir todos os usuários?',
    description:
      'Todas as contas de clientes e revendedores serão excluídas, com suas assinaturas, HWIDs vinculados e saldos. Chaves já resgatadas e o registro de atividades permanecem. Contas de administradores são mantidas.',
    irreversible: 'Esta ação não pode ser desfeita.',
    confirmWord: 'EXCLUIR',
    typeToConfirm: (word: string) => `Digite ${word} para confirmar`,
    confirm: 'Excluir todos os usuários',
  },

  /** The confirmation in front of each global switch, per the value it is about to take. */
  confirmSetting: {
    server_status: {
      offline: {
        title: 'Colocar o servidor offline?',
        description:
          'O loader passará a recusar todas as autenticações: nenhum cliente conseguirá usar os produtos até o servidor voltar a ficar online. A área do cliente avisará que o servidor está offline; o site e o painel continuam funcionando.',
        confirm: 'Ficar offline',
      },
      online: {
        title: 'Colocar o servidor online?',
        description:
          'O loader voltará a autenticar os clientes normalmente e os produtos voltarão a funcionar para todos.',
        confirm: 'Ficar online',
      },
    },
    maintenance_mode: {
      on: {
        title: 'Ativar o modo de manutenção?',
        description:
          'Todos os clientes e revendedores verão a página de manutenção: o site, a API e o loader passarão a recusá-los, inclusive no login. Só administradores continuam usando o painel.',
        confirm: 'Ativar manutenção',
      },
      off: {
        title: 'Desativar o modo de manutenção?',
        description:
          'O site, a API e o loader voltarão a atender clientes e revendedores normalmente, inclusive no login.',
        confirm: 'Desativar manutenção',
      },
    },
    pause_all_users: {
      on: {
        title: 'Pausar todos os usuários?',
        description:
          'Todas as assinaturas em andamento serão congeladas: o tempo restante fica guardado, os clientes não conseguirão usar os produtos nem retomar as assinaturas até você desligar a pausa. Assinaturas concedidas durante a pausa também ficam congeladas.',
        confirm: 'Pausar todos',
      },
      off: {
        title: 'Retomar todos os usuários?',
        description:
          'As assinaturas congeladas por esta pausa voltarão a contar o tempo a partir de agora e os clientes voltarão a usar os produtos. As que o próprio cliente pausou continuam pausadas.',
        confirm: 'Retomar todos',
      },
    },
  },

  cancel: 'Cancelar',
} as const;
