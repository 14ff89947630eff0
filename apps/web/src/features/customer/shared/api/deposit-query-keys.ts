/** Cache keys of the customer's deposits (the header dialog and the balance watch share them). */
export const depositQueryKeys = {
  all: ['client', 'deposits'] as const,
  recent: ['client', 'deposits', 'recent'] as const,
  detail: (id: string) => ['client', 'deposits', 'detail', id] as const,
  availability: ['client', 'deposits', 'availability'] as const,
};
