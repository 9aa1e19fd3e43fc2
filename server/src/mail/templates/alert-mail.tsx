/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { AlertMailAd, AlertMailPayload } from '../mail-kinds.js';
import {
  adPlace,
  alertHeadline,
  alertReason,
  CHANGE_FREQUENCY,
  deadlineLine,
  fitLine,
  moreLine,
  showAllLabel,
  UNSUBSCRIBE,
} from '../mail-wording.js';
import { MailButton, MailLayout, Paragraph, SmallPrint } from './mail-layout.js';
import { styles } from './mail-styles.js';

/** New ads for a saved search: each linked to the ad, then the rest of the search and why it came. */
export function AlertMail({ payload, siteName }: { payload: AlertMailPayload; siteName: string }) {
  const headline = alertHeadline(payload, siteName);
  return (
    <MailLayout
      siteName={siteName}
      preview={payload.ads.map((ad) => ad.title).join(' · ') || headline}
      heading={headline}
      footer={
        <>
          <SmallPrint>{alertReason(payload)}</SmallPrint>
          <SmallPrint>
            <Link href={payload.manageUrl} style={styles.link}>
              {CHANGE_FREQUENCY}
            </Link>
            {' · '}
            <Link href={payload.manageUrl} style={styles.link}>
              {UNSUBSCRIBE}
            </Link>
          </SmallPrint>
        </>
      }
    >
      {payload.ads.map((ad) => (
        <AdItem key={ad.id} ad={ad} />
      ))}
      {payload.moreCount > 0 && (
        <Paragraph>
          <Link href={payload.searchUrl} style={styles.link}>
            {moreLine(payload.moreCount)}
          </Link>
        </Paragraph>
      )}
      <MailButton href={payload.searchUrl}>{showAllLabel(siteName)}</MailButton>
    </MailLayout>
  );
}

function AdItem({ ad }: { ad: AlertMailAd }) {
  const place = adPlace(ad);
  return (
    <Section style={styles.ad}>
      <Text style={styles.adTitle}>
        <Link href={ad.url} style={styles.link}>
          {ad.title}
        </Link>
      </Text>
      {place && <Text style={styles.adLine}>{place}</Text>}
      {ad.lastDate && <Text style={styles.adLine}>{deadlineLine(ad.lastDate)}</Text>}
      {ad.reason && <Text style={styles.adLine}>{fitLine(ad.reason)}</Text>}
    </Section>
  );
}
