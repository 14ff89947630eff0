import type { LoaderRefusalCode, PlanDurationType } from './constants.js';
import { plural, pluralWord } from './plural.js';

/** A text as a sentence: a final full stop unless it already ends one. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/**
 * Every user-facing pt-BR text of spec §5 and §8, verbatim. Server and web read them from here
 * so a string is written once.
 */
export const messages = {
  validation: {
    usernameMin: 'Username precisa ter no mínimo 3 caracteres.',
    usernameNoAt: 'O username não pode conter @.',
    emailInvalid: 'Formato de e-mail inválido.',
    passwordMin: 'A senha precisa ter no mínimo 8 caracteres.',
    identifierRequired: 'Digite seu username ou e-mail.',
    passwordRequired: 'Digite sua senha.',
    subscriptionFieldsRequired:
      'Produto, dias e devices são obrigatórios ao adicionar uma assinatura.',
    productRequired: 'Por favor, selecione um produto.',
    productNameRequired: 'O nome do produto é obrigatório',
    pricePositive: 'Preço deve ser positivo',
    resellerFieldsRequired: 'Preencha os campos obrigatórios para o tipo selecionado.',
    resellerEmailInvalid: 'E-mail inválido.',
    resellerUsernameMin: 'Username precisa de no mínimo 3 caracteres.',
    bypassUidRequired: 'UID é obrigatório.',
    bypassDurationRequired: 'Selecione uma duração.',
    profileUsernameMin: 'Mínimo de 3 caracteres.',
    profileEmailInvalid: 'Email inválido.',
    currentPasswordRequired: 'Senha atual é obrigatória.',
    newPasswordMin: 'Nova senha precisa de no mínimo 8 caracteres.',
    forgotEmailInvalid: 'Por favor, insira um e-mail válido.',
    resetPasswordMin: 'A senha precisa de no mínimo 8 caracteres.',
    passwordsDoNotMatch: 'As senhas não coincidem.',
  },
  errors: {
    notAuthenticatedBeforeCall: 'Usuário não autenticado. Faça login novamente.',
    notAuthenticated: 'Você não está autenticado. Por favor, faça login para acessar.',
    loadFailed: 'Ocorreu um erro ao carregar os dados. Verifique se a API está rodando.',
    forbidden: 'Falha ao buscar dados ou você não tem permissão.',
    productsLoadFailed: 'Erro ao carregar produtos.',
    profileLoadFailed: 'Erro ao carregar seu perfil.',
    subscriptionsLoadFailed:
      'Erro ao carregar suas assinaturas. Verifique sua conexão e se a API está online.',
    tokenInvalidOrExpired: 'Token inválido ou expirado.',
    verifyTokenMissing: 'Token de verificação não encontrado na URL.',
    resetTokenMissing: 'Token de redefinição inválido ou ausente.',
    noResetCredits: 'Você não possui créditos de reset.',
    noPauseCredits: 'Você não possui créditos de pausa.',
    sessionExpiredByInactivity: 'Sua sessão expirou por inatividade.',
    networkOrInvalidResponse: 'Erro de rede ou resposta inválida.',
    writeFallback: 'Erro na operação',
    readFallback: (path: string) => `Erro ao buscar dados de ${path}`,
    registerFallback: 'Erro ao registrar.',
    loginFallback: 'Erro ao fazer login.',
    unknown: 'Erro desconhecido.',
    verifyFallback: 'Ocorreu um erro ao verificar seu e-mail.',
    // Server-side texts the spec leaves open (DESIGN.md: pt-BR, never a stack trace).
    internal: 'Erro interno do servidor. Tente novamente mais tarde.',
    routeNotFound: 'Rota não encontrada.',
    sessionInvalid: 'Sessão inválida ou expirada. Faça login novamente.',
    tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    invalidRequest: 'Requisição inválida.',
    notFound: 'Recurso não encontrado.',
    payloadTooLarge: 'Arquivo ou requisição grande demais.',
    invalidCharacters: 'A requisição contém caracteres inválidos.',
    nestedTooDeep: 'A requisição tem níveis de aninhamento demais.',
    conflict: 'Este registro já existe ou foi alterado por outra operação. Tente novamente.',
    headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
    requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
    uploadsBusy: 'Há muitos envios de arquivo em andamento. Tente novamente em instantes.',
    uploadsPerClient:
      'Você já tem envios de arquivo em andamento. Aguarde terminarem e tente novamente.',
  },
  /** Plan names (a product's price per duration), everywhere a plan is named. */
  plans: {
    daily: 'Diário',
    weekly: 'Semanal',
    'bi-weekly': 'Quinzenal',
    monthly: 'Mensal',
  } satisfies Record<PlanDurationType, string>,
  /** Account texts the spec leaves to the server (issue: accounts). */
  auth: {
    usernameTaken: 'Este nome de usuário já está em uso.',
    emailTaken: 'Este e-mail já está em uso.',
    registered: 'Cadastro realizado! Enviamos um link de confirmação para o seu e-mail.',
    emailVerified: 'E-mail confirmado com sucesso! Você já pode fazer login.',
    emailAlreadyVerified: 'Este e-mail já foi confirmado. Você já pode fazer login.',
    invalidCredentials: 'Usuário ou senha incorretos.',
    emailNotVerified:
      'Confirme seu e-mail antes de entrar. Verifique sua caixa de entrada ou reenvie o link de confirmação.',
    banned: 'Sua conta foi banida.',
    twoFactorRequired: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    twoFactorInvalid: 'Código de verificação inválido.',
    verificationResent:
      'Se houver uma conta ainda não confirmada, enviamos um novo link de confirmação para o e-mail dela.',
    resetLinkSent:
      'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. O link é válido por 1 hora.',
    passwordReset: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  },
  /** Admin console texts the spec leaves to the server (issue: Admin console I). */
  admin: {
    userNotFound: 'Usuário não encontrado.',
    productNotFound: 'Produto não encontrado.',
    productOff:
      'Este produto está desligado: não pode ser vendido, gerar chaves nem ser concedido. Ative-o em Produtos para continuar.',
    keyProductDisabled:
      'O produto desta chave está desligado no momento. A chave continua válida e poderá ser resgatada quando o produto for reativado.',
    keyNotFound: 'Chave não encontrada.',
    subscriptionNotFound: 'Assinatura não encontrada.',
    fileNotFound: 'Arquivo não encontrado.',
    productFileMissing: 'Este produto ainda não tem uma DLL enviada.',
    cannotTargetSelf: 'Você não pode banir ou excluir a sua própria conta.',
    cannotTargetAdmin: 'Não é possível banir ou excluir um administrador.',
    accountFieldRequired: 'Informe ao menos um campo para alterar: username, e-mail ou senha.',
    daysNonZero: 'Informe um número de dias diferente de zero.',
    daysPositive: 'Os dias devem ser um número inteiro positivo.',
    devicesPositive: 'Os devices devem ser um número inteiro positivo.',
    keyValidityRequired: 'Informe a validade em dias ou o tipo de duração (não ambos).',
    keyQuantityRange: 'A quantidade deve ser um número inteiro entre 1 e 1000.',
    keyUpdateRequired: 'Informe a nova validade em dias ou o novo status (não ambos).',
    keyNotUnused: 'Esta chave já foi utilizada e não pode ser alterada.',
    /** A reseller lifting a ban it did not make (the administration's). */
    keyBanNotYours:
      'Esta chave foi banida pela administração: só um administrador pode desbani-la.',
    keyRedeemByPassed:
      'Esta chave passou da data de "Resgatar até": a validade não pode mais ser alterada.',
    keyAlreadyUsed: 'Esta chave já foi utilizada.',
    keyBanned: 'Esta chave está banida.',
    keyExpired: 'Esta chave expirou.',
    redeemByInvalid: 'Informe uma data válida em "Resgatar até".',
    redeemByPast: 'A data de "Resgatar até" precisa ser hoje ou uma data futura.',
    userIdRequired: 'Selecione um usuário.',
    productInUse: (subscriptions: number, keys: number) =>
      `Este produto possui ${plural(subscriptions, 'assinatura', 'assinaturas')} e ${plural(keys, 'chave não utilizada', 'chaves não utilizadas')}. Exclua com a opção de remover tudo junto.`,
    multipartRequired: 'Envie os dados como multipart/form-data.',
    unexpectedField: (field: string) => `Campo não permitido: ${field}.`,
    dllRequired: 'Envie o arquivo DLL no campo dllFile.',
    dllInvalid: 'O arquivo não é uma DLL válida (cabeçalho MZ ausente).',
    dllTooLarge: 'A DLL deve ter no máximo 64 MB.',
    avatarInvalid: 'A imagem deve ser PNG, JPEG, WebP ou GIF.',
    avatarTooLarge: 'A imagem deve ter no máximo 2 MB.',
    profileNothingToUpdate: 'Envie um novo username ou uma imagem de avatar.',
    userCreated: 'Usuário criado com sucesso!',
    userBanned: 'Usuário banido com sucesso!',
    userUnbanned: 'Usuário desbanido com sucesso!',
    userDeleted: 'Usuário excluído com sucesso!',
    hwidReset: 'HWID resetado com sucesso!',
    subscriptionAdded: 'Assinatura adicionada com sucesso!',
    subscriptionRemoved: 'Assinatura removida com sucesso!',
    daysUpdated: 'Dias atualizados com sucesso!',
    accountUpdated: 'Dados da conta atualizados com sucesso!',
    profileUpdated: 'Perfil atualizado com sucesso!',
    keysGenerated: (count: number) =>
      `${plural(count, 'chave gerada', 'chaves geradas')} com sucesso!`,
    keyLinked: 'Chave vinculada ao usuário com sucesso!',
    keyUpdated: 'Chave atualizada com sucesso!',
    keyDeleted: 'Chave excluída com sucesso!',
    productCreated: 'Produto criado com sucesso!',
    productUpdated: 'Produto atualizado com sucesso!',
    productEnabled: 'Produto ativado com sucesso!',
    productDisabled: 'Produto desligado com sucesso!',
    productDeleted: 'Produto excluído com sucesso!',
    dllUploaded: 'DLL enviada com sucesso!',
  },
  /** Activity-log lines (pt-BR, naming the target). */
  activity: {
    userCreated: (username: string) => `Usuário ${username} criado`,
    userBanned: (username: string) => `Usuário ${username} banido`,
    userUnbanned: (username: string) => `Usuário ${username} desbanido`,
    userDeleted: (username: string) => `Usuário ${username} excluído`,
    hwidReset: (username: string) => `HWID do usuário ${username} resetado`,
    subscriptionAdded: (username: string, product: string, days: number) =>
      `Assinatura ${product} de ${username}: +${plural(days, 'dia', 'dias')}`,
    subscriptionRemoved: (username: string, product: string) =>
      `Assinatura ${product} de ${username} removida`,
    subscriptionDays: (username: string, product: string, days: number) =>
      `Assinatura ${product} de ${username}: ${days > 0 ? '+' : ''}${plural(days, 'dia', 'dias')}`,
    accountUpdated: (username: string, fields: string) =>
      `Conta de ${username} alterada (${fields})`,
    profileUpdated: (username: string) => `Perfil do admin ${username} atualizado`,
    keysGenerated: (count: number, product: string) =>
      `${plural(count, 'chave', 'chaves')} de ${product} ${pluralWord(count, 'gerada', 'geradas')}`,
    keyLinked: (key: string, username: string) => `Chave ${key} vinculada a ${username}`,
    keyDaysReset: (key: string, days: number) =>
      `Validade da chave ${key} alterada para ${plural(days, 'dia', 'dias')}`,
    keyBanned: (key: string) => `Chave ${key} banida`,
    keyUnbanned: (key: string) => `Chave ${key} desbanida`,
    keyDeleted: (key: string) => `Chave ${key} excluída`,
    productCreated: (name: string) => `Produto ${name} criado`,
    productUpdated: (name: string) => `Produto ${name} atualizado`,
    productEnabled: (name: string) => `Produto ${name} ativado`,
    productDisabled: (name: string) => `Produto ${name} desligado`,
    productDeleted: (name: string) => `Produto ${name} excluído`,
    dllUploaded: (name: string, file: string) => `DLL ${file} enviada para o produto ${name}`,
    keyRedeemed: (key: string, username: string, product: string, days: number, via: string) =>
      `Chave ${key} resgatada por ${username} (${product}, ${plural(days, 'dia', 'dias')}) ${via}`,
    /** Where a key was redeemed, ending `keyRedeemed`. */
    redeemedVia: { customer: 'no site', loader: 'pelo loader', admin: 'por um admin' },
    loginNewIp: (username: string, ip: string) =>
      `Login de ${username} a partir de um IP novo (${ip})`,
  },
  /** Profile texts the spec leaves to the server (issue: customer area). */
  profile: {
    usernameUpdated: 'Username atualizado com sucesso!',
    emailChangeSent:
      'Enviamos um link de confirmação para o novo e-mail. A alteração vale após a confirmação.',
    emailChanged: 'E-mail alterado com sucesso!',
    emailUnchanged: 'Este já é o seu e-mail.',
    passwordWrong: 'Senha atual incorreta.',
    passwordUpdated: 'Senha alterada com sucesso!',
    avatarUpdated: 'Avatar atualizado com sucesso!',
    avatarNotOffered: 'Escolha um dos avatares oferecidos.',
    avatarMissing: 'Escolha uma imagem PNG ou JPEG.',
    avatarPngOrJpeg: 'A imagem deve ser PNG ou JPEG.',
    twoFactorGenerated: 'Escaneie o QR code no seu aplicativo autenticador.',
    twoFactorEnabled: 'Autenticação de dois fatores ativada!',
    twoFactorDisabled: 'Autenticação de dois fatores desativada.',
    twoFactorAlreadyEnabled: 'A autenticação de dois fatores já está ativada.',
    twoFactorNotEnabled: 'A autenticação de dois fatores não está ativada.',
    twoFactorNotPending: 'Gere um novo QR code antes de confirmar.',
  },
  /** Customer-area texts the spec leaves to the server (issue: customer area). */
  client: {
    subscriptionNotFound: 'Assinatura não encontrada.',
    expiredCannotPause: 'Esta assinatura expirou e não pode ser pausada.',
    alreadyPaused: 'Esta assinatura já está pausada.',
    alreadyActive: 'Esta assinatura já está ativa.',
    pausedByAdmin: 'Esta assinatura foi pausada pela administração e será reativada por ela.',
    paused: 'Assinatura pausada. O tempo restante fica congelado até você reativar.',
    resumed: 'Assinatura reativada!',
    resumedButFrozen:
      'Sua pausa terminou, mas o produto não está operacional: o tempo continua congelado até ele voltar.',
    resumedButPausedForAll:
      'Sua pausa terminou, mas a administração pausou todas as assinaturas: o tempo continua congelado até a pausa geral acabar.',
    frozenByProduct:
      'Esta assinatura está congelada porque o produto não está operacional. Ela volta a correr quando o produto voltar.',
    chooseSubscription: 'Escolha a assinatura cujo HWID será redefinido.',
    noHwidBound: 'Nenhum HWID vinculado a esta assinatura.',
    hwidReset: 'HWID redefinido! O próximo dispositivo a entrar será vinculado.',
    keyFormat: 'A chave deve ter 18 letras ou números.',
    keyRedeemed: (product: string, expiry: string) =>
      `Chave resgatada! ${product} ativo até ${expiry}.`,
    /** Redeemed while the product's freeze or "pause all" holds its clock. */
    keyRedeemedFrozen: (product: string, remaining: string, why: string) =>
      `Chave resgatada! ${product}: ${remaining} que começam a contar quando ${why}.`,
    frozenUntilProductReturns: 'o produto voltar a funcionar',
    frozenUntilPauseEnds: 'a pausa geral acabar',
    machineNotFound: 'Computador não encontrado nesta assinatura.',
    machineReleasedFree:
      'Computador liberado sem custo. Se não foi você quem o vinculou, troque sua senha.',
    machineReleased: 'Computador liberado. Isso usou 1 crédito de reset.',
    dailyBonusClaimed: (xp: number) => `Bônus diário resgatado: +${String(xp)} XP!`,
    dailyBonusWait: (wait: string) => `Você já resgatou o bônus de hoje. Volte em ${wait}.`,
  },
  /** The admin's customer page (`/admin/users/:id`). */
  customers: {
    idInvalid: 'Identificador inválido.',
    machineNotFound: 'Computador não encontrado nas assinaturas deste usuário.',
    machineReleased: (hwid: string) =>
      `Computador ${hwid} liberado. Os demais continuam vinculados.`,
    /** The activity line of an admin's release. */
    machineReleasedLog: (username: string, hwid: string, product: string) =>
      `Computador ${hwid} de ${username} (${product}) liberado`,
  },
  success: {
    login: 'Login bem-sucedido!',
    uidUpdated: 'UID atualizado!',
    uidCreated: 'UID criado com sucesso!',
    uidDeleted: 'UID deletado!',
    pauseToggled: 'Alteração de pausa executada!',
  },
  /** Reseller texts the spec leaves to the server (issue: Admin console II). */
  resellers: {
    notFound: 'Revendedor não encontrado.',
    notAClient: 'Apenas usuários do tipo Cliente podem ser promovidos a revendedor.',
    amountInvalid: 'Informe um valor diferente de zero, com no máximo 2 casas decimais.',
    amountTooLarge: 'O valor deve ser de no máximo R$ 1.000.000,00.',
    initialBalanceInvalid:
      'O saldo inicial deve ser um valor positivo ou zero, com no máximo 2 casas decimais.',
    insufficientBalance: 'Saldo insuficiente: o saldo do revendedor não pode ficar negativo.',
    created: 'Revendedor criado com sucesso!',
    promoted: 'Usuário promovido a revendedor com sucesso!',
    balanceUpdated: 'Saldo atualizado com sucesso!',
    reasonInitial: 'Saldo inicial',
    reasonAdjustment: 'Ajuste manual do administrador',
    logCreated: (username: string, balance: string) =>
      `Revendedor ${username} criado (saldo inicial ${balance})`,
    logPromoted: (username: string, balance: string) =>
      `Usuário ${username} promovido a revendedor (saldo inicial ${balance})`,
    logBalance: (username: string, amount: string, balance: string) =>
      `Saldo de ${username}: ${amount} (novo saldo ${balance})`,
  },
  /** The reseller dashboard (issue: commerce): buying keys with the balance, own keys. */
  reseller: {
    productRequired: 'Selecione um produto.',
    planRequired: 'Selecione um plano.',
    quantityRange: 'A quantidade deve ser um número inteiro entre 1 e 500.',
    productNotFound: 'Produto não encontrado ou indisponível para venda.',
    planNotFound: 'Este produto não tem o plano escolhido.',
    insufficientBalance: 'Saldo insuficiente.',
    keysBought: (count: number) =>
      `${plural(count, 'chave comprada', 'chaves compradas')} com sucesso!`,
    reasonPurchase: (count: number, product: string, plan: string) =>
      `Compra de ${plural(count, 'chave', 'chaves')}: ${product} (${plan})`,
    logPurchase: (count: number, product: string, plan: string, total: string) =>
      `Revendedor comprou ${plural(count, 'chave', 'chaves')} de ${product} (${plan}) por ${total}`,
    keyRedeemedTitle: 'Chave resgatada',
    keyRedeemedBody: (prefix: string, product: string, username: string) =>
      `Sua chave ${prefix}… de ${product} foi resgatada por ${username}.`,
  },
  /** Reseller prices (issue: payments, item 6): per-plan prices and the global discount. */
  resellerPricing: {
    discountInvalid:
      'O desconto de revenda deve ser um número de 0 a 90, com no máximo duas casas decimais.',
    resellerPriceInvalid:
      'O preço de revenda deve ser um valor de R$ 0,00 ou mais, com no máximo duas casas decimais.',
    resellerPriceAboveRetail: 'O preço de revenda não pode ser maior que o preço de varejo.',
    resellerPriceWithoutRetail: 'Defina o preço de varejo deste plano antes do preço de revenda.',
    discountSaved: 'Desconto de revenda salvo!',
    logDiscount: (before: string, after: string) =>
      `Desconto global de revenda alterado de ${before} para ${after}`,
    logResellerPrices: (product: string, changes: string) =>
      `Preços de revenda de ${product}: ${changes}`,
  },
  /** Bypass whitelist texts the spec leaves to the server (issue: Admin console II). */
  bypass: {
    uidFormat: 'O UID deve ter de 5 a 64 letras, números, _ ou -.',
    nicknameMax: 'O apelido deve ter no máximo 32 caracteres.',
    regionInvalid: 'Selecione uma região válida.',
    notFound: 'UID não encontrado.',
    uidTaken: 'Este UID já está cadastrado.',
    expiredCannotPause: 'Este UID expirou e não pode ser pausado.',
    apiKeyNameRequired: 'Informe um nome para a chave de API.',
    apiKeyNotFound: 'Chave de API não encontrada.',
    apiKeyInvalid: 'Chave de API inválida ou revogada.',
    apiKeyCreated: 'Chave de API criada! Copie-a agora: ela não será exibida novamente.',
    apiKeyRevoked: 'Chave de API revogada!',
    logCreated: (uid: string, hours: number) => `UID ${uid} criado (${String(hours)} h)`,
    logUpdated: (uid: string, newUid: string) => `UID ${uid} alterado para ${newUid}`,
    logDeleted: (uid: string) => `UID ${uid} deletado`,
    logPaused: (uid: string) => `UID ${uid} pausado`,
    logResumed: (uid: string) => `UID ${uid} retomado`,
    logApiKeyCreated: (name: string, prefix: string) => `Chave de API ${name} (${prefix}…) criada`,
    logApiKeyRevoked: (name: string, prefix: string) =>
      `Chave de API ${name} (${prefix}…) revogada`,
  },
  /** Settings and mass-action texts the spec leaves to the server (issue: Admin console II). */
  settings: {
    valueInvalid: 'Valor inválido para esta configuração.',
    maintenance: 'O sistema está em manutenção. Tente novamente mais tarde.',
    updated: 'Configuração atualizada!',
    allPaused: (count: number) =>
      `Todos os usuários foram pausados (${plural(count, 'assinatura congelada', 'assinaturas congeladas')}).`,
    allResumed: (count: number) =>
      `Todos os usuários foram despausados (${plural(count, 'assinatura retomada', 'assinaturas retomadas')}).`,
    hwidsReset: (count: number) => `HWIDs resetados de ${plural(count, 'conta', 'contas')}.`,
    usersDeleted: (count: number) => `${plural(count, 'conta excluída', 'contas excluídas')}.`,
    logSetting: (key: string, value: string) => `Configuração ${key} alterada para ${value}`,
    logPauseAll: (count: number) =>
      `Pausa geral ativada: ${plural(count, 'assinatura congelada', 'assinaturas congeladas')}`,
    logResumeAll: (count: number) =>
      `Pausa geral desativada: ${plural(count, 'assinatura retomada', 'assinaturas retomadas')}`,
    logHwidsReset: (count: number) => `HWIDs de todas as contas resetados (${String(count)})`,
    logUsersDeleted: (count: number) =>
      `Todas as contas não administradoras excluídas (${String(count)})`,
  },
  /** Shop texts the spec leaves open (issue: commerce). */
  shop: {
    productRequired: 'Escolha um produto.',
    planRequired: 'Escolha um plano válido.',
    productNotFound: 'Produto não encontrado.',
    productUnavailable: 'Este produto não está à venda no momento.',
    planUnavailable: 'Este plano não está disponível para este produto.',
    insufficientBalance: 'Saldo insuficiente.',
    purchased: (product: string, expiry: string) =>
      `Compra concluída! ${product} ativo até ${expiry}.`,
    reasonPurchase: (product: string, plan: string) => `Compra na loja: ${product} (${plan})`,
    logPurchase: (username: string, product: string, plan: string, price: string) =>
      `${username} comprou ${product} (${plan}) por ${price} na loja`,
  },
  /** Orders: checkout by balance or PIX, renewals, receipts. */
  orders: {
    payWithRequired: 'Escolha como pagar: saldo ou PIX.',
    pixAmountInvalid: 'Escolha pagar a diferença ou o valor total por PIX.',
    subscriptionNotFound: 'Assinatura não encontrada.',
    subscriptionOtherProduct: 'Esta assinatura é de outro produto.',
    notFound: 'Pedido não encontrado.',
    amountTooLarge: 'O valor deste plano passa do limite de um pagamento por PIX.',
    awaitingPayment: (amount: string) =>
      `Pedido criado! Pague ${amount} por PIX: a compra é concluída sozinha assim que o pagamento for confirmado.`,
    depositDescription: (product: string, plan: string) => `Chaveiro: ${product} (${plan})`,
    reasonPurchase: (product: string, plan: string, reference: string) =>
      `Compra na loja: ${product} (${plan}), pedido pago por PIX ${reference}`,
    logCompleted: (username: string, product: string, plan: string, price: string) =>
      `${username} comprou ${product} (${plan}) por ${price} (pagamento por PIX confirmado)`,
    logFailed: (username: string, product: string, reason: string) =>
      `Pedido de ${product} de ${username} não concluído: ${reason}`,
    failedProductUnavailable: 'o produto não está mais à venda. O valor pago ficou no seu saldo.',
    failedPlanUnavailable: 'o plano não está mais disponível. O valor pago ficou no seu saldo.',
    failedInsufficientBalance:
      'seu saldo não cobria mais o preço quando o pagamento foi confirmado. O valor pago ficou no seu saldo.',
    cancelledDepositRejected: (reason: string) => `o pagamento foi recusado: ${reason}`,
    cancelledChargeExpired:
      'a cobrança PIX expirou sem pagamento. Faça um novo pedido para comprar.',
    cancelledChargeClosed:
      'a cobrança PIX foi cancelada sem pagamento. Faça um novo pedido para comprar.',
    balanceDescription: 'Depósito de saldo',
    notifyCompletedTitle: 'Compra concluída',
    notifyCompletedBody: (product: string, plan: string, expiry: string) =>
      `${product} (${plan}) está ativo até ${expiry}.`,
    notifyFailedTitle: 'Compra não concluída',
    notifyFailedBody: (product: string, reason: string) => `${product}: ${reason}`,
    mailCompletedSubject: (product: string) => `Compra concluída: ${product}`,
    mailCompletedIntro: (product: string, plan: string, amount: string, expiry: string) =>
      `Sua compra de ${product} (plano ${plan}) por ${amount} foi concluída. A assinatura está ativa até ${expiry}.`,
    mailCompletedAction: 'Ver minhas assinaturas',
    mailReceipt: 'Ver o recibo',
    mailFailedSubject: (product: string) => `Compra não concluída: ${product}`,
    mailFailedIntro: (product: string, reason: string) =>
      `Não foi possível concluir sua compra de ${product}: ${reason}`,
    mailFailedAction: 'Ver meus pedidos',
    mailFooter: 'Você recebe este e-mail porque fez uma compra na sua conta.',
    mailGreeting: (username: string) => `Olá, ${username}!`,
  },
  /** Deposit and payment-settings texts the spec leaves open (issue: commerce). */
  deposits: {
    amountInvalid: 'Informe um valor em reais com no máximo 2 casas decimais.',
    amountMin: 'O valor mínimo do depósito é R$ 5,00.',
    amountMax: 'O valor máximo por depósito é R$ 10.000,00.',
    created: 'Depósito criado! Pague com o QR code ou o PIX copia e cola.',
    notFound: 'Depósito não encontrado.',
    pixNotConfigured:
      'Os depósitos por PIX estão indisponíveis no momento: a chave PIX ainda não foi configurada. Tente mais tarde ou fale com o suporte.',
    tooManyPending: (max: number) =>
      `Você já tem ${String(max)} depósitos aguardando confirmação. Aguarde a análise deles antes de criar outro.`,
    alreadyApproved: 'Este depósito já foi aprovado.',
    alreadyRejected: 'Este depósito já foi recusado.',
    approved: 'Depósito aprovado e saldo creditado!',
    rejected: 'Depósito recusado.',
    rejectReasonRequired: 'Informe o motivo da recusa (mínimo de 3 caracteres).',
    rejectReasonMax: 'O motivo deve ter no máximo 300 caracteres.',
    statusInvalid: 'Filtro de status inválido.',
    reasonDeposit: (reference: string) => `Depósito PIX ${reference}`,
    notifyApprovedTitle: 'Depósito aprovado',
    notifyApprovedBody: (amount: string, reference: string) =>
      `${amount} foram creditados no seu saldo (referência ${reference}).`,
    notifyRejectedTitle: 'Depósito recusado',
    notifyRejectedBody: (amount: string, reference: string, reason: string) =>
      `Seu depósito de ${amount} (referência ${reference}) foi recusado: ${reason}`,
    logApproved: (reference: string, username: string, amount: string) =>
      `Depósito ${reference} de ${username} aprovado (${amount})`,
    logRejected: (reference: string, username: string, amount: string) =>
      `Depósito ${reference} de ${username} recusado (${amount})`,
    pixKeyInvalid:
      'Chave PIX inválida: use CPF, CNPJ, e-mail, telefone com DDD (+55…) ou chave aleatória.',
    pixKeyMax: 'A chave PIX deve ter no máximo 140 caracteres.',
    beneficiaryRequired: 'Informe o nome do beneficiário (mínimo de 3 caracteres).',
    beneficiaryMax: 'O nome do beneficiário deve ter no máximo 100 caracteres.',
    paymentSettingsSaved: 'Dados do PIX salvos!',
    paymentSettingsCleared: 'Chave PIX removida: os depósitos ficam indisponíveis.',
    logPaymentSettings: (key: string) => `Chave PIX de depósito alterada para ${key}`,
    logPaymentSettingsCleared: 'Chave PIX de depósito removida (depósitos indisponíveis)',
    logPaymentMode: (mode: string) => `Modo de pagamento dos depósitos: ${mode}`,
    logGatewayCredentials: 'Credenciais do Mercado Pago alteradas',
    modeInvalid: 'Modo de pagamento inválido: use manual ou mercadopago.',
    cityRequired: 'Informe a cidade do beneficiário (mínimo de 2 letras).',
    cityMax: 'A cidade deve ter no máximo 60 caracteres.',
    secretInvalid: 'Informe o valor como texto.',
    secretMax: 'O valor deve ter no máximo 300 caracteres.',
    gatewayCredentialsRequired:
      'Para usar o Mercado Pago, informe o access token e o segredo do webhook.',
    gatewayNotConfigured:
      'Os depósitos por PIX estão indisponíveis no momento: o Mercado Pago ainda não foi configurado. Tente mais tarde ou fale com o suporte.',
    gatewayUnavailable:
      'Não foi possível gerar a cobrança PIX agora: o Mercado Pago não respondeu como esperado. Nenhum depósito foi criado; tente novamente em alguns minutos.',
    gatewayActionFailed:
      'O Mercado Pago não confirmou a operação. Nada foi alterado; tente novamente em alguns minutos.',
    gatewayDescription: (reference: string) => `Depósito de saldo ${reference}`,
    automaticDeposit: 'Este depósito é confirmado automaticamente pelo Mercado Pago.',
    notGatewayDeposit: 'Esta ação vale só para cobranças do Mercado Pago.',
    notPending: 'Este depósito não está mais aguardando pagamento.',
    notRefundable: 'Só é possível estornar um depósito pago pelo Mercado Pago.',
    alreadyRefunded: 'Este depósito já foi estornado.',
    alreadyClosed: 'Este depósito já foi encerrado.',
    cancelled: 'Cobrança cancelada.',
    refunded: 'Depósito estornado e saldo debitado.',
    reasonRefund: (reference: string) => `Estorno do depósito PIX ${reference}`,
    reasonChargeback: (reference: string) => `Contestação do depósito PIX ${reference}`,
    logPaid: (reference: string, username: string, amount: string) =>
      `Depósito ${reference} de ${username} pago pelo Mercado Pago (${amount})`,
    logAmountMismatch: (reference: string, username: string, paid: string, expected: string) =>
      `Depósito ${reference} de ${username}: o Mercado Pago informou ${paid}, esperado ${expected} (não creditado)`,
    /** A payment whose currency Mercado Pago did not say, in the mismatch's line. */
    currencyUnknown: 'moeda não informada',
    logRefunded: (reference: string, username: string, amount: string) =>
      `Depósito ${reference} de ${username} estornado (${amount} debitados)`,
    logCancelled: (reference: string, username: string) =>
      `Cobrança do depósito ${reference} de ${username} cancelada`,
    webhookInvalid: 'Notificação recusada: assinatura inválida, antiga ou repetida.',
    webhookReceived: 'Notificação recebida.',
  },
  /** Support tickets (issue: commerce). */
  support: {
    subjectMin: 'O assunto precisa ter no mínimo 3 caracteres.',
    subjectMax: 'O assunto deve ter no máximo 120 caracteres.',
    messageRequired: 'Escreva a sua mensagem.',
    messageMax: 'A mensagem deve ter no máximo 5000 caracteres.',
    statusInvalid: 'Filtro de status inválido.',
    notFound: 'Ticket não encontrado.',
    closed: 'Este ticket está fechado. Abra um novo ticket se precisar de mais ajuda.',
    alreadyClosed: 'Este ticket já está fechado.',
    tooManyOpen: (max: number) =>
      `Você já tem ${String(max)} tickets em andamento. Feche um deles ou aguarde a resposta da equipe.`,
    tooManyMessages:
      'Este ticket atingiu o limite de mensagens. Abra um novo ticket para continuar.',
    created: 'Ticket aberto! Nossa equipe responderá em breve.',
    replied: 'Mensagem enviada!',
    answered: 'Resposta enviada ao cliente!',
    closedDone: 'Ticket fechado.',
    notifyAnsweredTitle: 'Seu ticket foi respondido',
    notifyAnsweredBody: (subject: string, preview: string) => `${subject}: ${preview}`,
    logAnswered: (subject: string, username: string) =>
      `Ticket "${subject}" de ${username} respondido`,
    logClosed: (subject: string, username: string) => `Ticket "${subject}" de ${username} fechado`,
  },
  /** The header bell (issue: commerce). */
  notifications: {
    readBodyInvalid: 'Envie a lista de ids das notificações ou all: true.',
    markedRead: 'Notificações marcadas como lidas.',
    expiringTitle: 'Sua assinatura está acabando',
    expiringBody: (product: string, expiry: string) =>
      `${product} expira em ${expiry}. Renove agora para não perder o acesso.`,
    expiringTomorrowTitle: 'Sua assinatura acaba amanhã',
    expiringMailSubject: (product: string) => `${product} está acabando: renove agora`,
    expiringMailAction: 'Renovar agora',
    expiringMailFooter:
      'Você recebe este aviso 3 dias e 1 dia antes de uma assinatura sua expirar.',
    machineBoundTitle: 'Novo computador vinculado',
    machineBoundBody: (product: string, hwid: string, when: string, ip: string) =>
      `${product}: o computador ${hwid} foi vinculado em ${when} (IP ${ip}). Se não foi você, libere-o em Minhas Assinaturas.`,
    /** A product's status changed: the bell and the e-mail to its active subscribers. */
    productStatusTitle: (product: string, label: string) => `${product}: ${label}`,
    productStatusDown: (product: string, label: string, note: string | null, frozen: boolean) =>
      `${product} está ${label.toLowerCase()}${note ? `: ${sentence(note)}` : '.'}${frozen ? ' O tempo da sua assinatura está congelado.' : ''}`,
    productStatusBack: (product: string) => `${product} voltou a funcionar.`,
    /**
     * Added when the freeze gave the subscription time back. Starts with `duration`: the
     * set-based bell puts its own SQL-built duration before `productStatusGivenBack('')`.
     */
    productStatusGivenBack: (duration: string) => `${duration} devolvidos à sua assinatura.`,
    productStatusMailSubjectDown: (product: string, label: string) =>
      `${product} está ${label.toLowerCase()}`,
    productStatusMailSubjectBack: (product: string) => `${product} voltou a funcionar`,
    productStatusMailAction: 'Ver minhas assinaturas',
    productStatusMailFooter: (product: string) =>
      `Você recebe este aviso porque tem uma assinatura de ${product}.`,
    productStatusMailUnsubscribe: 'Não quero mais receber e-mails de status dos produtos',
    /** Perfil › E-mails de status dos produtos (`/api/notifications/preferences`). */
    preferencesInvalid: 'Informe se quer receber e-mails de status dos produtos (true ou false).',
    preferencesSaved: (productStatusMail: boolean) =>
      productStatusMail
        ? 'Você voltará a receber e-mails de status dos produtos.'
        : 'Você não receberá mais e-mails de status dos produtos.',
    /** The one-click link of the status e-mail (`/api/notifications/unsubscribe`). */
    unsubscribeTitle: 'E-mails de status dos produtos',
    unsubscribeQuestion:
      'Deseja parar de receber e-mails quando um produto que você assina mudar de status?',
    unsubscribeButton: 'Cancelar estes e-mails',
    unsubscribed:
      'Pronto: você não receberá mais e-mails de status dos produtos. Para voltar a recebê-los, ative a opção no seu Perfil.',
    unsubscribeInvalid: 'Este link de cancelamento é inválido ou está incompleto.',
  },
  /** Loader API texts (docs/loader-protocol.md): one per refusal code, shown by the loader. */
  loader: {
    refusals: {
      INVALID_REQUEST: 'Requisição inválida.',
      NONCE_REUSED: 'Requisição repetida recusada. Tente novamente.',
      CONFLICT: 'Outra requisição alterou estes dados ao mesmo tempo. Tente novamente.',
      RATE_LIMITED: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      SERVER_OFFLINE: 'O servidor está offline no momento. Tente novamente mais tarde.',
      MAINTENANCE: 'O sistema está em manutenção. Tente novamente mais tarde.',
      INVALID_CREDENTIALS: 'Usuário ou senha incorretos.',
      TWO_FACTOR_REQUIRED: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
      INVALID_TWO_FACTOR: 'Código de verificação inválido.',
      INVALID_KEY: 'Chave inválida.',
      KEY_NOT_REDEEMED: 'Esta chave ainda não foi resgatada. Entre com sua conta para resgatá-la.',
      KEY_ALREADY_USED: 'Esta chave já foi utilizada por outra conta.',
      KEY_WRONG_PRODUCT: 'Esta chave é de outro produto.',
      ACCOUNT_BANNED: 'Sua conta foi banida.',
      EMAIL_NOT_VERIFIED: 'Confirme seu e-mail antes de usar o loader.',
      PRODUCT_NOT_FOUND: 'Produto não encontrado.',
      PRODUCT_DISABLED: 'Este produto está desligado no momento.',
      PRODUCT_UPDATING: 'Este produto está em atualização. Tente novamente quando ele voltar.',
      PRODUCT_UNAVAILABLE:
        'Este produto está indisponível no momento. Tente novamente quando ele voltar.',
      NO_SUBSCRIPTION: 'Você não possui uma assinatura deste produto.',
      SUBSCRIPTION_PAUSED: 'Sua assinatura está pausada. Reative-a no painel para usar o loader.',
      SUBSCRIPTION_EXPIRED: 'Sua assinatura expirou.',
      HWID_MISMATCH:
        'HWID diferente: este computador não está vinculado à sua assinatura e não há vaga livre. Redefina o HWID no painel.',
      ACCOUNT_LOGIN_REQUIRED:
        'Esta chave já foi resgatada em uma conta: a chave sozinha não vincula um computador novo. Entre com o usuário e a senha da conta.',
      HWID_BLACKLISTED: 'Este computador foi bloqueado para este produto.',
      SESSION_INVALID: 'Sessão do loader inválida ou expirada. Entre novamente.',
      HWID_RESET: 'O HWID desta assinatura foi redefinido. Entre novamente.',
      SESSION_ENDED: 'Sua sessão foi encerrada por uma regra de segurança deste produto.',
      NO_FILE: 'Este produto ainda não tem um arquivo disponível.',
      SESSION_KEY_REQUIRED:
        'Este produto só é entregue a loaders atualizados (entrega protegida). Baixe a versão mais recente do loader no painel.',
      LOADER_OUTDATED: 'Seu loader está desatualizado. Atualize para a versão mais recente.',
      LOADER_MODIFIED:
        'Este loader não é uma versão publicada deste produto. Baixe o loader oficial no painel.',
      INTERNAL_ERROR: 'Erro interno do servidor. Tente novamente mais tarde.',
    } satisfies Record<LoaderRefusalCode, string>,
    nonceInvalid: 'Nonce inválido: use de 16 a 64 letras, números, _ ou -.',
    hwidInvalid: 'HWID inválido: use de 8 a 128 letras, números, ., _, : ou -.',
    credentialsRequired: 'Envie uma chave de licença ou usuário e senha.',
    sessionRequired: 'Envie a sessão do loader.',
    updateTokenRequired: 'Envie o token de atualização do loader.',
    sessionKeyInvalid:
      'Chave de sessão inválida: envie a chave pública X25519 em base64 (32 bytes).',
    loaderReportInvalid: 'Relato do loader inválido: envie o SHA-256 do executável em hexadecimal.',
    securityKindInvalid: 'Tipo de evento de segurança inválido.',
    /** Why an attempt failed or a session ended, as the activity log names it. */
    reasons: {
      unknownAccount: 'conta inexistente',
      wrongPassword: 'senha inválida',
      wrongTwoFactor: 'código 2FA inválido',
      invalidKey: 'chave inválida',
      keyExpired: 'chave expirada',
      keyNotRedeemed: 'chave não resgatada',
      keyOfAnotherAccount: 'chave de outra conta',
      keyOfAnotherProduct: 'chave de outro produto',
      banned: 'conta banida',
      emailNotVerified: 'e-mail não confirmado',
      productNotFound: 'produto inexistente',
      productDisabled: 'produto desligado',
      productUpdating: 'produto em atualização',
      productUnavailable: 'produto indisponível',
      noSubscription: 'sem assinatura',
      paused: 'assinatura pausada',
      expired: 'assinatura expirada',
      hwidMismatch: 'HWID diferente',
      keyOnNewMachine: 'chave sem login em computador novo',
      hwidBlacklisted: 'HWID na lista negra',
      hwidReset: 'HWID redefinido',
      sessionRevoked: 'sessão revogada',
      sessionEnded: 'encerrada por regra de segurança',
      loaderOutdated: 'loader desatualizado',
      loaderModified: 'loader desconhecido',
    },
    logFailure: (reason: string, who: string, hwid: string) =>
      `Loader: ${reason} — ${who} (HWID ${hwid})`,
    logSessionEnded: (reason: string, who: string) =>
      `Loader: sessão encerrada (${reason}) — ${who}`,
  },
  /**
   * The KeyAuth-compatible loader API (docs/keyauth-compat.md): KeyAuth's answers in
   * pt-BR, but for the two markers its SDKs compare against, kept verbatim.
   */
  keyauthProtocol: {
    /** init's success: the C++ SDK refuses a login answering this same text. */
    initialized: 'Initialized',
    /** init's answer to another version: the SDKs then open `download`. */
    invalidVersion: 'invalidver',
    noOwnerId:
      'Nenhum ownerid informado. Copie os dados da tela "Compatibilidade KeyAuth" do painel.',
    noAppName:
      'Nenhum nome de aplicação informado. Copie os dados da tela "Compatibilidade KeyAuth" do painel.',
    ownerIdLength:
      'O ownerid deve ter 10 caracteres. Copie os dados da tela "Compatibilidade KeyAuth" do painel.',
    unknownType: 'O valor informado no parâmetro type não foi encontrado.',
    sessionNotFound: 'Sessão não encontrada ou expirada. Inicie o loader novamente.',
    sessionNotValidated: 'Sessão não validada: entre com sua chave ou conta primeiro.',
    sessionValidated: 'Sessão válida.',
    loggedIn: 'Login efetuado!',
    upgraded: 'Chave resgatada: a assinatura foi estendida. Entre novamente.',
    loggedOut: 'Sessão encerrada.',
    variableNotFound: 'Variável não encontrada.',
    fileDownloaded: 'Download do arquivo concluído.',
    statsFetched: 'Estatísticas obtidas.',
    onlineFetched: 'Usuários online obtidos.',
    noOnlineUsers: 'Nenhum usuário online.',
    blacklisted: 'Este computador está na lista negra.',
    notBlacklisted: 'Este computador não está na lista negra.',
    banned: 'Usuário banido.',
    logged: 'Log registrado.',
    usernameChanged: 'Nome de usuário alterado. Entre novamente.',
    usernameNotFound: 'Usuário não encontrado.',
    /**
     * Our loader's refusals a KeyAuth loader hears in KeyAuth's own words (the others are our
     * loader's messages, `messages.loader.refusals`).
     */
    refusals: {
      ACCOUNT_LOGIN_REQUIRED:
        'Chave já utilizada: ela foi resgatada em uma conta com senha. Entre com o usuário e a senha dessa conta para usar este computador.',
      // KeyAuth's answer for a paused application ("Application is currently paused, please
      // wait for the developer to say otherwise."); the seller's note follows it.
      PRODUCT_UPDATING:
        'A aplicação está pausada para atualização. Aguarde o desenvolvedor liberá-la novamente.',
      PRODUCT_UNAVAILABLE:
        'A aplicação está pausada no momento. Aguarde o desenvolvedor liberá-la novamente.',
    } satisfies Partial<Record<LoaderRefusalCode, string>>,
    /** changeUsername or ban from a session a key opened on an account with a password. */
    accountChangeNeedsPassword:
      'Esta sessão entrou só com a chave: entre com o usuário e a senha da conta para alterá-la.',
    fieldRequired: (field: string) => `Campo obrigatório ausente: ${field}.`,
    fieldTooLong: (field: string) => `O campo ${field} é longo demais.`,
    enckeyTooLong: 'O parâmetro enckey deve ter no máximo 35 caracteres.',
    hwidInvalid: 'HWID inválido: use de 1 a 256 caracteres ASCII visíveis.',
    keyTooLong: 'A chave deve ter no máximo 70 caracteres.',
    reasonTooLong: 'O motivo deve ter no máximo 99 caracteres.',
    logTooLong: 'O log deve ter no máximo 275 caracteres, e o nome do PC no máximo 64.',
    invalidEncoding: 'Requisição inválida: envie os campos em UTF-8, sem caracteres nulos.',
    duplicateField: (name: string) =>
      `Requisição inválida: o campo ${name} foi enviado mais de uma vez.`,
    nestedField: 'Requisição inválida: nomes de campo com colchetes não são aceitos.',
    tooManyFields: 'Requisição inválida: campos demais.',
    formRequired: 'Requisição inválida: envie os campos como application/x-www-form-urlencoded.',
    banReasonDefault: 'banido pelo próprio loader',
    logBanned: (username: string, reason: string) =>
      `Loader (KeyAuth): ${username} banido e HWID bloqueado — ${reason}`,
    /** A ban whose machine another active account also has bound: the HWID stays unblocked. */
    logBannedHwidShared: (username: string, reason: string) =>
      `Loader (KeyAuth): ${username} banido; HWID não bloqueado (outra conta usa este computador) — ${reason}`,
    logLine: (who: string, pcUser: string, message: string) =>
      `Loader (KeyAuth) — ${who} (PC ${pcUser}): ${message}`,
    /** Who a log line of a session not yet validated names. */
    logAnonymous: 'sessão sem login',
  },
  /** Readiness probe's refusals (`GET /api/health/ready`). */
  health: {
    databaseUnavailable: 'O banco de dados não está respondendo. Tente novamente em instantes.',
    migrationsPending:
      'O banco de dados ainda não foi atualizado para esta versão do servidor (migrações pendentes).',
    draining: 'Este servidor está sendo desligado e não recebe novas requisições.',
    redisUnavailable:
      'O Redis não está respondendo: este servidor não pode atender até que ele volte.',
  },
  /** Admin console: the command palette's search. */
  adminConsole: {
    searchTooShort: 'Digite ao menos 2 caracteres para buscar.',
    searchTooLong: 'A busca pode ter no máximo 100 caracteres.',
    deliveryRequeued: 'Entrega reenfileirada: ela será reprocessada em instantes.',
    deliveryNotDead:
      'Esta entrega não está mais com falha: já foi reprocessada ou removida. Atualize a lista.',
    logDeliveryRequeued: (handler: string, eventId: string) =>
      `Entrega do evento ${eventId} para ${handler} reenfileirada`,
  },
} as const;

/** Machine-readable error codes carried next to `message` in every error answer. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'UPLOADS_BUSY',
  'INTERNAL_ERROR',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_INVALID',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_BANNED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'CANNOT_TARGET_SELF',
  'CANNOT_TARGET_ADMIN',
  'KEY_NOT_REDEEMABLE',
  'KEY_NOT_UNUSED',
  'KEY_BAN_NOT_YOURS',
  'KEY_REDEEM_BY_PASSED',
  'PRODUCT_IN_USE',
  'PRODUCT_DISABLED',
  'PRODUCT_UPDATING',
  'PRODUCT_UNAVAILABLE',
  'PRODUCT_NOT_OPERATIONAL',
  'INVALID_FILE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

/** A product's operational status: the console, the seller API, the shop and the customer. */
export const productStatusMessages = {
  statusInvalid: 'Status inválido. Use: operational, updating ou unavailable.',
  noteTooLong: 'A nota pode ter no máximo 280 caracteres.',
  reasonTooLong: 'O motivo pode ter no máximo 200 caracteres.',
  freezeTimeInvalid: 'Informe se o tempo deve ser congelado (true ou false).',
  sellWhileDownInvalid: 'Informe se o produto pode ser vendido enquanto isso (true ou false).',
  unchanged: 'O produto já está com este status.',
  changed: (label: string) => `Status do produto alterado para ${label}.`,
  frozen: (count: number) =>
    count === 1 ? '1 assinatura congelada.' : `${count} assinaturas congeladas.`,
  givenBack: (count: number, duration: string) =>
    count === 1
      ? `${duration} devolvidos a 1 assinatura.`
      : `${duration} devolvidos a ${count} assinaturas.`,
  logChanged: (product: string, from: string, to: string, why: string | null) =>
    `Status de ${product}: ${from} → ${to}${why ? ` (motivo: ${why})` : ''}`,
  /** The shop's and the seller API's refusal while the product cannot be bought. */
  notForSale: (label: string, note: string | null) =>
    `Este produto está ${label.toLowerCase()} e não pode ser comprado agora.${note ? ` ${note}` : ''}`,
} as const;

/** Newsletter texts the spec leaves open (footer of the landing page, issue: landing). */
export const newsletterMessages = {
  subscribed: 'Inscrição confirmada! Você receberá nossas novidades.',
} as const;

/** KeyAuth import: the admin screen, the API and `npm run import:keyauth`. */
export const keyAuthImportMessages = {
  usersFile: 'arquivo de usuários',
  licensesFile: 'arquivo de licenças',
  noFiles: 'Envie o arquivo de usuários, o de licenças ou os dois.',
  productNotFound: 'Produto não encontrado.',
  productRequired: 'Escolha o produto que receberá as assinaturas e as chaves.',
  fileTooLarge: (maxMb: number) =>
    `Os arquivos passam de ${maxMb} MB. Divida a exportação em partes menores.`,
  /** A malformed file: nothing was imported. */
  fileInvalid: (file: string, line: number, reason: string) =>
    `O ${file} não foi importado: linha ${line}: ${reason}. Nada foi gravado.`,
  notJson: 'o texto não é um JSON válido',
  nestedTooDeep: 'aninhamento profundo demais',
  notAList: (what: string) => `esperava uma lista de ${what} (ou um objeto com "${what}")`,
  tooMany: (max: string, what: string) => `mais de ${max} ${what}; divida o arquivo`,
  entryNotObject: 'cada item da lista deve ser um objeto',
  fieldRequired: (field: string) => `o campo "${field}" é obrigatório`,
  fieldText: (field: string) => `o campo "${field}" deve ser um texto`,
  fieldTimestamp: (field: string) =>
    `o campo "${field}" deve ser uma data em segundos (número inteiro)`,
  fieldSeconds: (field: string) => `o campo "${field}" deve ser uma duração em segundos`,
  fieldList: (field: string) => `o campo "${field}" deve ser uma lista`,
  fieldStatus: (value: string) =>
    `status "${value}" desconhecido (esperado "Not Used", "Used" ou "Banned")`,
  invalidCharacters: 'contém caracteres que não podem ser guardados',
  duplicateInFile: (value: string, line: number) => `"${value}" repete a linha ${line}`,
  /** Entries imported as problems (the rest of the file is imported). */
  usernameClash: (username: string, existing: string) =>
    `usuário "${username}" não importado: já existe a conta "${existing}", que não veio desta exportação`,
  usernameUnusable: (username: string) =>
    `usuário "${username}" não importado: o nome tem "@", espaços nas pontas ou mais de 70 caracteres`,
  passwordNotBcrypt: (username: string) =>
    `usuário "${username}" importado sem senha (a da exportação não é um hash bcrypt): ele pode definir uma pelo suporte`,
  hwidUnusable: (username: string) =>
    `HWID de "${username}" não importado: tem mais de 128 caracteres`,
  keyClash: (key: string) => `chave "${key}" não importada: ela já existe em outro produto`,
  keyTooLong: (key: string) => `chave "${key}" não importada: tem mais de 100 caracteres`,
  keyDurationCapped: (key: string, days: string) =>
    `chave "${key}" importada com ${days} dias: a duração no KeyAuth passa de 100 anos`,
  keyUserUnknown: (key: string, username: string) =>
    `chave "${key}" importada como usada, sem dono: o usuário "${username}" não está na importação`,
  moreProblems: (count: number) => `… e mais ${count} avisos`,
  summary: (users: number, keys: number) =>
    `Importação concluída: ${users} ${users === 1 ? 'usuário novo' : 'usuários novos'} e ${keys} ${keys === 1 ? 'chave nova' : 'chaves novas'}.`,
  cliUsage:
    'Uso: npm run import:keyauth -- --product ID [--users usuarios.json] [--licenses licencas.json]',
  cliFileUnreadable: (path: string) => `Não foi possível ler o arquivo ${path}.`,
  cliFileTooLarge: (path: string, maxMb: number) =>
    `O arquivo ${path} passa de ${maxMb} MB. Divida a exportação em partes menores.`,
  cliTitle: (product: string) => `Importação do KeyAuth para "${product}"`,
  cliUsers: (created: number, existing: number, skipped: number) =>
    `  Usuários: ${created} novos, ${existing} já existentes, ${skipped} não importados`,
  cliKeys: (created: number, existing: number, skipped: number) =>
    `  Chaves: ${created} novas, ${existing} já existentes, ${skipped} não importadas`,
  cliSubscriptions: (count: number) => `  Assinaturas criadas: ${count}`,
  cliMachines: (count: number) => `  HWIDs vinculados: ${count}`,
  cliProblems: 'Avisos:',
  cliProblem: (file: string, line: number, message: string) =>
    `  ${file}, linha ${line}: ${message}`,
  logImported: (product: string, users: number, keys: number) =>
    `Importação do KeyAuth em ${product}: ${users} usuários e ${keys} chaves novos`,
} as const;

/**
 * The admin's KeyAuth compatibility of a product: its app settings, the variables
 * KeyAuth's `var` serves and the HWID blacklist.
 */
export const keyAuthAppMessages = {
  /** The product menu's entry and the page's title. */
  menuItem: 'Compatibilidade KeyAuth',
  notConfigured: 'A compatibilidade KeyAuth ainda não foi configurada para este produto.',
  saved: 'Compatibilidade KeyAuth salva.',
  secretRotated: 'Novo secret gerado. Atualize o secret nos seus loaders (API 1.2).',
  appTaken:
    'Já existe um app KeyAuth com este Owner ID e este nome em outro produto. Troque o nome do app ou o Owner ID.',
  nameRequired: 'Informe o nome do app.',
  nameMax: 'O nome do app pode ter no máximo 64 caracteres.',
  nameInvalid: 'O nome do app não pode conter quebras de linha nem caracteres de controle.',
  versionRequired: 'Informe a versão.',
  versionMax: 'A versão pode ter no máximo 32 caracteres.',
  versionInvalid: 'A versão não pode conter espaços nem caracteres de controle.',
  downloadUrlInvalid: 'Informe um link http(s) válido, com no máximo 2048 caracteres.',
  ownerIdInvalid: 'O Owner ID tem exatamente 10 letras ou números.',
  secretInvalid: 'O secret tem exatamente 64 caracteres hexadecimais minúsculos (0-9, a-f).',
  variableNameInvalid:
    'O nome da variável tem de 1 a 64 caracteres: letras, números, ponto, hífen ou sublinhado.',
  variableValueMax: 'O valor pode ter no máximo 10.000 caracteres.',
  variableValueRequired: 'Informe o valor da variável.',
  variableSaved: 'Variável salva.',
  variableCreated: 'Variável criada.',
  variableDeleted: 'Variável excluída.',
  variableNotFound: 'Variável não encontrada.',
  variablesLimit: 'Limite de 100 variáveis por produto atingido. Exclua uma antes de criar outra.',
  hwidRequired: 'Informe o HWID.',
  hwidInvalid:
    'HWID inválido: use até 256 caracteres ASCII visíveis (letras sem acento, números, espaço e símbolos).',
  reasonMax: 'O motivo pode ter no máximo 200 caracteres.',
  hwidBlocked: 'HWID bloqueado.',
  hwidAlreadyBlocked: 'Este HWID já está bloqueado neste produto.',
  hwidUnblocked: 'HWID desbloqueado.',
  hwidNotBlocked: 'Este HWID não está bloqueado neste produto.',
  /** Audit-log sentences (activity log). */
  log: {
    enabled: (product: string, app: string) =>
      `Ativou a compatibilidade KeyAuth de ${product} (app ${app})`,
    disabled: (product: string, app: string) =>
      `Desativou a compatibilidade KeyAuth de ${product} (app ${app})`,
    changed: (product: string, app: string) =>
      `Alterou a compatibilidade KeyAuth de ${product} (app ${app})`,
    secretRotated: (product: string) => `Gerou um novo secret KeyAuth para ${product}`,
    variableSet: (product: string, name: string) => `Salvou a variável ${name} de ${product}`,
    variableDeleted: (product: string, name: string) => `Excluiu a variável ${name} de ${product}`,
    hwidBlocked: (product: string, hwid: string) => `Bloqueou o HWID ${hwid} em ${product}`,
    hwidUnblocked: (product: string, hwid: string) => `Desbloqueou o HWID ${hwid} em ${product}`,
  },
} as const;

/**
 * "Integrar loader" on a product's menu: the values a native loader pins and ready
 * snippets for the SDKs (docs/sdk.md).
 */
export const loaderIntegrationMessages = {
  /** The product menu's entry. */
  menuItem: 'Integrar loader',
  title: (product: string) => `Integrar loader: ${product}`,
  description:
    'Seu loader em C++, C# ou TypeScript fala com o Chaveiro pelo protocolo assinado: nenhum segredo vai dentro dele, só a chave pública fixada. Copie os valores ou um trecho pronto.',
  values: 'Valores para o loader',
  serverUrl: 'URL do servidor',
  productId: 'ID do produto',
  currentKey: (keyId: string) => `Chave pública atual (keyId ${keyId})`,
  previousKey: (keyId: string, until: string) =>
    `Chave pública anterior (keyId ${keyId}, aceita até ${until})`,
  rotationHint:
    'Depois de uma rotação da chave, a anterior continua aceita por alguns dias: fixe as duas e publique um loader com a nova antes que a anterior expire.',
  loadingKeys: 'Carregando a chave pública…',
  snippets: 'Trechos prontos',
  tabs: { cpp: 'C++', csharp: 'C#', typescript: 'TypeScript' },
  hints: {
    cpp: 'Cabeçalho chaveiro/chaveiro.hpp sobre a biblioteca nativa (chaveiro.dll no Windows).',
    csharp: 'Chaveiro.cs no seu projeto e chaveiro.dll ao lado do executável.',
    typescript: 'Pacote @chaveiro/loader-sdk, para Node 20 ou navegadores atuais.',
  },
  copySnippet: 'Copiar trecho',
  snippetCopied: 'Trecho copiado.',
  docs: 'Ver a documentação do SDK',
  opensInNewTab: '(abre em nova aba)',
  close: 'Fechar',
  /** Comments inside the snippets. */
  snippet: {
    init: 'uma vez, no início do programa',
    currentKey: 'chave pública atual',
    previousKey: (until: string) => `chave anterior, aceita até ${until}`,
    credentials: 'usuário (ou e-mail) e senha da conta, e o código se ela usa 2FA',
    download: 'bytes conferidos com o SHA-256 assinado',
    heartbeats: 'pulsos até a sessão acabar ou o loop ser parado',
    refused: 'mensagem do servidor em pt-BR; aja conforme o código (docs/sdk.md)',
    untrusted: 'resposta não confiável: não continue',
    unreachable: 'servidor inacessível',
  },
} as const;
