import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type {
  DeliveriesPage,
  DeliveriesQuery,
  Delivery,
  LeakTraceResult,
  LeakVerdict,
} from '@chaveiro/contract';
import { SEALED_DELIVERY, protectionMessages } from '@chaveiro/contract';
import sodium from 'sodium-native';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { BadRequestError, NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { Actor } from '../../platform/http/auth.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import { pageOf } from '../../platform/http/paging.js';
import type { ActivityService } from '../activity/index.js';
import {
  MARK_BYTES,
  MARK_MAGIC,
  createPatternScanner,
  isGenuineMark,
  markKeyOf,
  markRecord,
  parseMarkRecord,
} from './delivery-marks.js';
import type { DeliveryListRow, DeliveryRepository, DeliveryRow } from './delivery-repository.js';
import type { FilePieces } from './marked-copies.js';
import { createMarkedCopies } from './marked-copies.js';
import { sealedPieces, sealedSize } from './sealed-stream.js';

const t = protectionMessages;
/** Mark records a leaked file is read for at most: a file stuffed with fakes costs no more. */
const MARKS_READ_MAX = 1_000;
/** A leaked file is read in pieces of this size. */
const TRACE_PIECE_BYTES = 1024 * 1024;

/** The auth answer's `file` block of a delivery (docs/loader-protocol.md). */
export interface DeliveryFileBlock {
  sha256: string;
  size: number;
  name: string;
  delivery: string;
  protected: boolean;
}

/** What the loader asks at auth, for a product with a file. */
export interface DeliveryRequest {
  product: { id: string; file_sha256: string | null; file_name: string | null };
  subscription: { id: string };
  user: { id: string; username: string };
  machineId: string;
  hwid: string;
  ip: string;
  /** The loader's X25519 public key (base64): the download is sealed to it. */
  sessionKey?: string | undefined;
}

/** The session a download comes with, and what its live state says of the product now. */
export interface DownloadRequest {
  /** The delivery the session's token names (absent in tokens older than deliveries). */
  deliveryId: string | undefined;
  session: { machineId: string; subscriptionId: string; userId: string; productId: string };
  state: {
    username: string;
    hwid: string | null;
    file_sha256: string | null;
    file_name: string | null;
    /** 1: the product refuses plain downloads ("entrega protegida"). */
    protected_delivery: number;
  };
  ip: string;
}

/** Why a download is refused; the loader answers it as its signed refusal. */
export type DeliveryRefusal = 'NO_FILE' | 'SESSION_INVALID' | 'SESSION_KEY_REQUIRED';

/** A download under way: its headers' facts and the body, streamed. */
export interface OpenedDelivery {
  deliveryId: string;
  name: string;
  /** The marked copy's SHA-256 and size (the plain bytes, sealed or not). */
  sha256: string;
  size: number;
  sealed: boolean;
  contentType: string;
  /** The body's bytes (the container's, when sealed). */
  contentLength: number;
  body: Readable;
}

export interface DeliveryServiceDeps extends Pick<AppContext, 'clock'> {
  /** The mark key is derived from it. */
  jwtSecret: string;
  repository: DeliveryRepository;
  /** The stored file, a piece at a time. */
  filePieces: FilePieces;
  activity: ActivityService;
  /** A traced copy records `delivery.leaked`. */
  events: EventRecorder;
}

/**
 * Protected delivery (docs/loader-protocol.md): each copy of a product file handed to a loader
 * session is a delivery, marked with its id (in the seller's slot, or appended), and sent
 * sealed to the session's key when the loader gave one. An admin traces a leaked copy back to
 * its delivery by its hash or its mark.
 */
export function createDeliveryService({
  clock,
  jwtSecret,
  repository,
  filePieces,
  activity,
  events,
}: DeliveryServiceDeps) {
  const markKey = markKeyOf(jwtSecret);
  const copies = createMarkedCopies(filePieces);

  /** A new delivery of the file to the session, its marked copy described (hashed). */
  async function create(
    request: Omit<DeliveryRequest, 'product'> & { productId: string; fileSha256: string },
  ): Promise<DeliveryRow> {
    const id = newId();
    const record = markRecord(markKey, request.fileSha256, id);
    const copy = await copies.describe(request.fileSha256, record);
    const delivery: DeliveryRow = {
      id,
      product_id: request.productId,
      subscription_id: request.subscription.id,
      user_id: request.user.id,
      username: request.user.username,
      machine_id: request.machineId,
      hwid: request.hwid,
      ip: request.ip,
      file_sha256: request.fileSha256,
      marked_sha256: copy.sha256,
      marked_size: copy.size,
      mark_kind: copy.markKind,
      session_key: request.sessionKey ?? null,
      created_at: clock.now(),
      downloaded_at: null,
      download_ip: null,
      downloads: 0,
    };
    await repository.insert(delivery);
    return delivery;
  }

  /** The delivery's marked copy, a piece at a time; the download is counted. */
  async function handOut(delivery: DeliveryRow, ip: string): Promise<AsyncIterable<Buffer>> {
    const record = markRecord(markKey, delivery.file_sha256, delivery.id);
    const pieces = await copies.pieces(delivery.file_sha256, record);
    await repository.recordDownload(delivery.id, clock.now(), ip);
    return pieces;
  }

  /** The delivery a download is for: the token's, or (older tokens) one made now. */
  async function deliveryOf(
    request: DownloadRequest,
    fileSha256: string,
  ): Promise<DeliveryRow | DeliveryRefusal> {
    const { session, state } = request;
    if (request.deliveryId === undefined) {
      // A session opened before deliveries existed, or before the product had a file: a plain
      // delivery to this machine, where plain ones are allowed.
      if (state.protected_delivery === 1) return 'SESSION_KEY_REQUIRED';
      return create({
        productId: session.productId,
        fileSha256,
        subscription: { id: session.subscriptionId },
        user: { id: session.userId, username: state.username },
        machineId: session.machineId,
        hwid: state.hwid ?? '',
        ip: request.ip,
      });
    }
    const delivery = await repository.find(request.deliveryId);
    // The token is signed, so a mismatch means the delivery's rows moved on (deleted, or the
    // machine rebound): the loader signs in again.
    if (
      !delivery ||
      delivery.product_id !== session.productId ||
      delivery.subscription_id !== session.subscriptionId ||
      delivery.machine_id !== session.machineId
    ) {
      return 'SESSION_INVALID';
    }
    // The product's file changed since the auth: the signed hash names the old one, so the
    // loader signs in again and gets the new one's.
    if (delivery.file_sha256 !== fileSha256) return 'SESSION_INVALID';
    if (delivery.session_key === null && state.protected_delivery === 1) {
      return 'SESSION_KEY_REQUIRED';
    }
    return delivery;
  }

  async function traced(row: DeliveryListRow, verdict: LeakVerdict, actor: Actor) {
    await events.transaction(async (trx) => {
      await activity.record(trx, actor, {
        type: 'delivery.leak_traced',
        action: t.logLeakTraced(row.product_name, row.username),
        target: row.user_id ? `user:${row.user_id}` : `product:${row.product_id}`,
      });
      await events.record(trx, 'delivery.leaked', {
        deliveryId: row.id,
        productId: row.product_id,
        userId: row.user_id,
        username: row.username,
        subscriptionId: row.subscription_id,
        machineId: row.machine_id,
        hwid: row.hwid,
        ip: row.ip,
        deliveredAt: row.created_at,
        verdict: verdict === 'identical' ? 'identical' : 'mark_intact',
        tracedBy: actor.userId,
      });
    });
  }

  /** Every mark record in a file on disk (at most MARKS_READ_MAX), read a piece at a time. */
  async function marksIn(path: string): Promise<Buffer[]> {
    const records: Buffer[] = [];
    const scanner = createPatternScanner(MARK_MAGIC, MARK_BYTES, (_offset, bytes) => {
      if (records.length < MARKS_READ_MAX) records.push(Buffer.from(bytes));
    });
    for await (const piece of createReadStream(path, { highWaterMark: TRACE_PIECE_BYTES })) {
      scanner.push(piece as Buffer);
    }
    scanner.end();
    return records;
  }

  return {
    /**
     * Whether a session key can be sealed to: 32 bytes of an X25519 public key of full order.
     * A point of small order would make every download fail (libsodium refuses to seal to it).
     */
    acceptsSessionKey(base64: string): boolean {
      const key = Buffer.from(base64, 'base64');
      if (key.length !== sodium.crypto_box_PUBLICKEYBYTES) return false;
      try {
        sodium.crypto_box_seal(Buffer.alloc(sodium.crypto_box_SEALBYTES + 1), Buffer.alloc(1), key);
        return true;
      } catch {
        return false;
      }
    },

    /**
     * At auth, for a product with a file: the delivery of its marked copy to this session, and
     * the auth answer's `file` block naming it. Null when the product has no file (or its
     * bytes are gone).
     */
    async prepare(
      request: DeliveryRequest,
    ): Promise<{ deliveryId: string; file: DeliveryFileBlock } | null> {
      const fileSha256 = request.product.file_sha256;
      if (!fileSha256) return null;
      try {
        const delivery = await create({ ...request, productId: request.product.id, fileSha256 });
        return {
          deliveryId: delivery.id,
          file: {
            sha256: delivery.marked_sha256,
            size: delivery.marked_size,
            name: request.product.file_name ?? 'produto.dll',
            delivery: delivery.id,
            protected: delivery.session_key !== null,
          },
        };
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },

    /**
     * The download of a live session's delivery: sealed to the session key when the auth gave
     * one, plain otherwise (refused where the product's delivery is protected). Streamed: the
     * file is never whole in memory, and is read only as fast as the client takes it.
     */
    async open(request: DownloadRequest): Promise<OpenedDelivery | DeliveryRefusal> {
      const fileSha256 = request.state.file_sha256;
      if (!fileSha256) return 'NO_FILE';
      try {
        const delivery = await deliveryOf(request, fileSha256);
        if (typeof delivery === 'string') return delivery;
        const plain = await handOut(delivery, request.ip);
        const base = {
          deliveryId: delivery.id,
          name: request.state.file_name ?? 'produto.dll',
          sha256: delivery.marked_sha256,
          size: delivery.marked_size,
        };
        if (delivery.session_key === null) {
          return {
            ...base,
            sealed: false,
            contentType: 'application/octet-stream',
            contentLength: delivery.marked_size,
            body: Readable.from(plain, { objectMode: false }),
          };
        }
        const sessionKey = Buffer.from(delivery.session_key, 'base64');
        return {
          ...base,
          sealed: true,
          contentType: SEALED_DELIVERY.contentType,
          contentLength: sealedSize(delivery.marked_size),
          body: Readable.from(sealedPieces(plain, sessionKey), { objectMode: false }),
        };
      } catch (error) {
        if (error instanceof NotFoundError) return 'NO_FILE';
        throw error;
      }
    },

    /**
     * A marked copy whole, for a protocol that answers the file in one message (KeyAuth's
     * `file`, hex in JSON): a plain delivery, so refused where the product's is protected.
     */
    async plainCopy(request: DownloadRequest): Promise<Buffer | DeliveryRefusal> {
      const fileSha256 = request.state.file_sha256;
      if (!fileSha256) return 'NO_FILE';
      try {
        const delivery = await deliveryOf({ ...request, deliveryId: undefined }, fileSha256);
        if (typeof delivery === 'string') return delivery;
        const pieces: Buffer[] = [];
        for await (const piece of await handOut(delivery, request.ip)) pieces.push(piece);
        return Buffer.concat(pieces);
      } catch (error) {
        if (error instanceof NotFoundError) return 'NO_FILE';
        throw error;
      }
    },

    /**
     * "Rastrear vazamento": the delivery a leaked file came from. A file identical to a
     * delivered copy names it; else a mark whose MAC verifies names its delivery (the file was
     * modified around it); marks that do not verify were altered and name nobody.
     */
    async trace(
      upload: UploadedFile | undefined,
      productId: string | undefined,
      actor: Actor,
    ): Promise<LeakTraceResult> {
      if (!upload) throw new BadRequestError(t.leakFileRequired);
      const records = await marksIn(upload.path);
      let verdict: LeakVerdict = records.length > 0 ? 'altered' : 'unmarked';
      let row = await repository.findListedByMarkedSha(upload.sha256);
      if (row) {
        verdict = 'identical';
      } else if (records.length > 0) {
        const marks = records.flatMap((record) => parseMarkRecord(record) ?? []);
        const known = new Map(
          (await repository.findListed([...new Set(marks.map((mark) => mark.deliveryId))])).map(
            (delivery) => [delivery.id, delivery],
          ),
        );
        for (const mark of marks) {
          const delivery = known.get(mark.deliveryId);
          if (delivery && isGenuineMark(markKey, delivery.file_sha256, delivery.id, mark.mac)) {
            row = delivery;
            verdict = 'mark_intact';
            break;
          }
        }
      }
      if (row) await traced(row, verdict, actor);
      const otherProduct =
        row && productId !== undefined && productId !== row.product_id
          ? ` ${t.leakOtherProduct(row.product_name)}`
          : '';
      return {
        verdict,
        message: `${t.leakVerdicts[verdict]}${otherProduct}`,
        delivery: row ? deliveryItem(row) : null,
        sha256: upload.sha256,
        size: upload.size,
        marksFound: records.length,
      };
    },

    /** A page of deliveries, newest first, by product, customer and search. */
    list(query: DeliveriesQuery): Promise<DeliveriesPage> {
      return pageOf(query, (limit, offset) => repository.page(query, limit, offset), deliveryItem);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

function deliveryItem(row: DeliveryListRow): Delivery {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    user:
      row.current_user_id === null
        ? null
        : { id: row.current_user_id, username: row.current_username ?? row.username },
    username: row.username,
    subscriptionId: row.subscription_id,
    machineId: row.machine_id,
    hwid: row.hwid,
    ip: row.ip,
    markKind: row.mark_kind,
    // Sealed to a session key: that is what made it protected.
    protected: row.session_key !== null,
    markedSha256: row.marked_sha256,
    createdAt: new Date(row.created_at).toISOString(),
    downloadedAt: iso(row.downloaded_at),
    downloadIp: row.download_ip,
    downloads: row.downloads,
  };
}
