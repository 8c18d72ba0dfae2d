/**
 * How the shop's e-mail leaves (decision 0366), as the client config says it
 * (`custom.mailDelivery`): over the shop's mail server, or kept in the outbox for staff. Screens
 * that would say "we sent you a link" ask first: with the outbox, customers are told to ask the
 * shop for the link and staff where the mails are.
 */
import { useEffect, useState } from 'react';
import { mailDeliveryOf, type MailDelivery } from '../../shared/outbox';
import { loadedOutputs, loadOutputs } from './amplify';

/** Now: after any data call the config is here; before it, what the page embeds (else 'smtp', as screens spoke before). */
export const mailDelivery = (): MailDelivery => mailDeliveryOf(loadedOutputs());

/** The same for a screen, which draws again once a fetched config is here. */
export function useMailDelivery(): MailDelivery {
  const [delivery, setDelivery] = useState(mailDelivery);
  useEffect(() => {
    let live = true;
    loadOutputs().then(
      (outputs) => {
        if (live) setDelivery(mailDeliveryOf(outputs));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return delivery;
}
