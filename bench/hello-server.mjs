// The baseline of the loader budget: a bare Fastify "hello" route on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3902), host: process.env.HOST ?? '127.0.0.1' });
