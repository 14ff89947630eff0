import type { WebhookEndpoint, WebhookSecretResponse } from '@chaveiro/contract';
import { createContext, useContext } from 'react';

/** Which webhook dialog is open, and for which endpoint (shadcn-admin's dialog context). */
export type OpenWebhookDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'roll'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; title: string; response: WebhookSecretResponse };

export interface WebhookDialogs {
  open: OpenWebhookDialog | null;
  setOpen: (dialog: OpenWebhookDialog | null) => void;
}

export const WebhookDialogsContext = createContext<WebhookDialogs | null>(null);

export function useWebhookDialogs(): WebhookDialogs {
  const context = useContext(WebhookDialogsContext);
  if (!context) throw new Error('useWebhookDialogs outside WebhookDialogsProvider');
  return context;
}
