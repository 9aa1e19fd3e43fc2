import type { AlertMailAd, AlertMailPayload, SubscriptionLinks } from '../../mail/mail-kinds.js';
import type { MailLinks } from '../../mail/mail-links.js';
import { isProfileSearch } from './profile-search.js';
import { summaryOf } from './stored-query.js';

/** The links every mail about a subscription carries: its search, its page, one-click unsubscribe. */
export function subscriptionLinks(
  links: MailLinks,
  subscription: { id: string; queryKey: string },
): SubscriptionLinks {
  return {
    searchUrl: isProfileSearch(subscription.queryKey)
      ? links.jobsForYou()
      : links.search(subscription.queryKey),
    manageUrl: links.manageAlert(subscription.id),
    oneClickUnsubscribeUrl: links.oneClickUnsubscribe(subscription.id),
  };
}

/** An alert mail's payload: the listed ads (newest first) and how many more there are. */
export function alertMailPayload(
  links: MailLinks,
  subscription: { id: string; name: string; queryKey: string; alert: AlertMailPayload['frequency'] },
  ads: AlertMailAd[],
  moreCount: number,
): AlertMailPayload {
  return {
    kind: 'alert',
    name: subscription.name,
    summary: summaryOf(subscription.queryKey),
    frequency: subscription.alert,
    ads,
    moreCount,
    ...subscriptionLinks(links, subscription),
  };
}
