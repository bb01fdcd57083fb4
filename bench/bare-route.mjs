// The reference of `npm run bench:api`: the same Fastify as the API, one route, no plugins, in its own process.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
