/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link } from '@react-email/link';
import type { RegistrationAttemptPayload } from '../mail-kinds.js';
import { greeting, registrationAttemptText } from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';
import { styles } from './mail-styles.js';

/** Someone registered with an address that has an account: its owner hears of it, the client does not. */
export function RegistrationAttemptMail({
  payload,
  siteName,
}: {
  payload: RegistrationAttemptPayload;
  siteName: string;
}) {
  return (
    <MailLayout
      siteName={siteName}
      preview={registrationAttemptText.heading}
      heading={registrationAttemptText.heading}
      footer={<SmallPrint>{registrationAttemptText.notYou}</SmallPrint>}
    >
      <Paragraph>{greeting(payload.name)}</Paragraph>
      <Paragraph>{registrationAttemptText.body(siteName)}</Paragraph>
      <Paragraph>{registrationAttemptText.ifYou}</Paragraph>
      <MailButton href={payload.loginUrl}>{registrationAttemptText.button}</MailButton>
      <Paragraph>
        <Link href={payload.forgotPasswordUrl} style={styles.link}>
          {registrationAttemptText.forgotPassword}
        </Link>
      </Paragraph>
    </MailLayout>
  );
}
