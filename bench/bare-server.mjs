// The lower bound of the benchmark: a bare node:http server that sends one
// recorded answer (status, headers, body bytes) to every request, doing
// nothing else. Usage: node bench/bare-server.mjs <answer.json>; prints its
// port on the first line of stdout.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import http from 'node:http';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(spec.body, 'base64');
// Header lines as a flat [name, value, …] list, as node:http accepts them.
const headers = spec.headers.flat();

const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(spec.status, headers);
  res.end(body.length > 0 ? body : undefined);
});
// As long as Fastify keeps idle connections (72 s), so neither closes them sooner.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
