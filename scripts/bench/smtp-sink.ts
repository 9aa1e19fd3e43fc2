// A local SMTP server for `npm run bench:alerts` (the `smtp-server` package, as in the tests): it
// accepts every mail, reads it to the end and counts it. Runs in its own process, so receiving
// costs the measured sender nothing. Prints `listening on <port>`, and the count on SIGTERM.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // Many pooled connections from one client are the point of the measurement.
  maxClients: 100,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  console.log(`received ${received}`);
  server.close(() => process.exit(0));
});
