/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link } from '@react-email/link';
import type { AlertReminderPayload } from '../mail-kinds.js';
import { reminderReason, reminderText, UNSUBSCRIBE } from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';
import { styles } from './mail-styles.js';

/** A subscription unused for a year: keep it with one click, or it is removed on removeOn. */
export function AlertReminderMail({
  payload,
  siteName,
}: {
  payload: AlertReminderPayload;
  siteName: string;
}) {
  return (
    <MailLayout
      siteName={siteName}
      preview={reminderText.unused(payload.summary)}
      heading={reminderText.heading}
      footer={
        <>
          <SmallPrint>{reminderReason(payload.summary)}</SmallPrint>
          <SmallPrint>
            <Link href={payload.manageUrl} style={styles.link}>
              {UNSUBSCRIBE}
            </Link>
          </SmallPrint>
        </>
      }
    >
      <Paragraph>{reminderText.unused(payload.summary)}</Paragraph>
      <Paragraph>{reminderText.removal(payload.removeOn)}</Paragraph>
      <MailButton href={payload.keepUrl}>{reminderText.button}</MailButton>
    </MailLayout>
  );
}
