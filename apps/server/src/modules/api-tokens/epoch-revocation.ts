import type { EventRecorder } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { ApiTokensRepository } from './api-tokens-repository.js';

export interface ApiTokenEpochRevocationDeps {
  repository: Pick<ApiTokensRepository, 'revokeBeforeEpoch'>;
  events: Pick<EventRecorder, 'record'>;
}

/**
 * The end of an account's security epoch, for its API tokens. The guard refuses every token of
 * an earlier epoch from that commit on; this marks the ones still live revoked, with the
 * reason, so "Tokens de API" lists them so, and announces `api_tokens.revoked` (the owner's
 * mail) when there were any. Exactly once per epoch's end; a token minted in the new epoch is
 * never touched.
 */
export function createApiTokenEpochRevocation({ repository, events }: ApiTokenEpochRevocationDeps) {
  return defineHandler({
    name: 'api-tokens.revoke-on-epoch-end', // Stored with each delivery: never rename.
    on: 'account.epoch_ended',
    async handle({ payload, occurredAt }, trx) {
      const tokens = await repository.revokeBeforeEpoch(
        payload.userId,
        payload.tokenVersion,
        payload.reason,
        occurredAt,
        trx,
      );
      if (tokens.length === 0) return;
      await events.record(trx, 'api_tokens.revoked', {
        userId: payload.userId,
        reason: payload.reason,
        // Oldest first (ids are UUIDv7), as the owner minted them.
        tokens: tokens.sort((a, b) => (a.id < b.id ? -1 : 1)),
      });
    },
  });
}
