/** pt-BR texts shared by the admin's and the reseller's analytics. */
export const texts = {
  period: {
    label: 'Período',
    preset: (days: number) => `${String(days)} dias`,
    custom: 'Personalizado',
    from: 'De',
    to: 'Até',
    apply: 'Aplicar',
    range: (from: string, to: string) => `${from} a ${to}`,
  },
  change: {
    vsPrevious: 'vs. período anterior',
    noPrevious: 'sem dados anteriores',
    nothingToCompare: 'sem dados para comparar',
    same: 'sem variação',
    vsDay: (day: string) => `vs. ${day}`,
    up: 'Aumento',
    down: 'Queda',
  },
  chart: {
    showTable: 'Ver tabela',
    showChart: 'Ver gráfico',
    keyboardHint: 'Use as setas para percorrer os valores.',
    chartLabel: (title: string) => `${title}: gráfico`,
    empty: 'Sem dados no período',
    day: 'Dia',
    noValue: '—',
  },
  retry: 'Tentar novamente',
} as const;
