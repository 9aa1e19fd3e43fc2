// The flood of `npm run bench:page-flood`, in a process of its own so that its work does not
// delay the measuring client's: autocannon from 127.0.0.1 (the address a connection to
// 127.0.0.1 leaves from), every request a /jobb search never asked before. Prints one JSON line
// at the end: the answers by status, connection errors and timeouts, and the seconds it ran.
//   env: FLOOD_URL, FLOOD_CONNECTIONS, FLOOD_SECONDS
import autocannon from 'autocannon';

const url = process.env.FLOOD_URL!;
let next = 0;
const statuses: Record<string, number> = {};
const instance = autocannon({
  url,
  connections: Number(process.env.FLOOD_CONNECTIONS ?? 64),
  duration: Number(process.env.FLOOD_SECONDS ?? 20),
  headers: { accept: 'text/html,application/xhtml+xml' },
  requests: [
    {
      setupRequest: (request) => ({ ...request, method: 'GET', path: `/jobb?search=flod${next++}` }),
    },
  ],
});
instance.on('response', (_client, status) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
});
const result = await instance;
console.log(
  JSON.stringify({ statuses, errors: result.errors, timeouts: result.timeouts, seconds: result.duration }),
);
