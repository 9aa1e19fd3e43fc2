/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { VerifyEmailPayload } from '../mail-kinds.js';
import { greeting, verifyText } from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';

/** An account's address is verified by opening this link; alerts go to it only then. */
export function VerifyEmailMail({ payload, siteName }: { payload: VerifyEmailPayload; siteName: string }) {
  return (
    <MailLayout
      siteName={siteName}
      preview={verifyText.heading}
      heading={verifyText.heading}
      footer={<SmallPrint>{verifyText.notYou(siteName)}</SmallPrint>}
    >
      <Paragraph>{greeting(payload.name)}</Paragraph>
      <Paragraph>{verifyText.body(siteName)}</Paragraph>
      <MailButton href={payload.verifyUrl}>{verifyText.button}</MailButton>
    </MailLayout>
  );
}
