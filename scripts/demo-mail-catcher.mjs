// The mail catcher of `npm run demo`: MailDev (a real SMTP server with a web inbox) in a child
// process of the demo. It listens on free ports of 127.0.0.1, tells its parent which over IPC,
// and ends with its parent: on 'disconnect', which also comes when the parent is killed outright.
// Its mails are kept in the directory given as the first argument, so they outlive a restart.
import { MailDev } from 'maildev';

const maildev = new MailDev({
  smtp: 0,
  web: 0,
  ip: '127.0.0.1',
  webIp: '127.0.0.1',
  silent: true,
  ...(process.argv[2] ? { mailDirectory: process.argv[2], maxEmails: 1000 } : {}),
});
const servers = await maildev.start();
const stop = () => {
  const exit = () => process.exit(0);
  maildev.stop().then(exit, exit);
  setTimeout(exit, 2000).unref();
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
// Ctrl-C reaches the whole process group; the demo decides when we stop (by disconnecting).
process.on('SIGINT', () => undefined);
process.send?.({ smtpPort: servers.smtp.getAddress().port, webPort: servers.api?.getAddress()?.port });
