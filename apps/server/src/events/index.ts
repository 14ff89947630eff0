/**
 * Domain events and the transactional outbox (docs/architecture.md, "Domain events and the
 * outbox"): the one entry modules and the composition root import. events/ imports no module.
 */
export type {
  DomainEvent,
  DomainEvents,
  EventPayload,
  EventType,
  RedemptionVia,
} from './catalogue.js';
export type {
  AnyEventHandler,
  DeadDelivery,
  EventHandler,
  EventRecorder,
  Outbox,
  OutboxOptions,
} from './outbox.js';
export { createOutbox, defineHandler } from './outbox.js';
