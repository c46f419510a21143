/**
 * The floor to compare against: a bare node:http server answering a fixed envelope, with no
 * routing, validation, database or logging. Prints its port on stdout.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({
  code: 1,
  msg: 'OK',
  data: { name: 'mining_config', option_value: { mining_button: false } },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.info(typeof address === 'object' && address ? address.port : '');
});
