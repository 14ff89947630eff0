// The baseline of the loader budget: bare Fastify routes on the same machine. GET / is the
// throughput baseline; POST / parses a JSON body and answers a small JSON, as a heartbeat does
// without its work, and is the latency floor of the paced runs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
app.post('/', (request) => ({ nonce: request.body?.nonce ?? null }));
await app.listen({ port: Number(process.env.PORT ?? 3902), host: process.env.HOST ?? '127.0.0.1' });
