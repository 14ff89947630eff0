// Runs on a worker thread (background-signer.ts): signs batches of loader answers with
// libsodium so the event loop only hands bodies over and gets the signatures back.
import { parentPort, workerData } from 'node:worker_threads';
import sodium from 'sodium-native';

const secretKey = Buffer.from(workerData.secretKey);
parentPort.on('message', (bodies) => {
  parentPort.postMessage(
    bodies.map((body) => {
      const signature = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
      sodium.crypto_sign_detached(signature, Buffer.from(body, 'utf8'), secretKey);
      return signature.toString('base64');
    }),
  );
});
