'use client';

import { useState } from 'react';
import { useT } from '../lib/i18n/use-t';
import { shipsToMessages } from '../lib/i18n/messages/ships-to';
import type { CountryCode } from '../lib/settings/countries';
import { countryName } from '../lib/settings/entity';
import { useSettings } from '../lib/settings/settings-context';
import { countryToOffer } from '../lib/settings/ships-to';
import './shop/shop.css';

/**
 * When the shopper's currency or last address point to another country than their ships-to,
 * the offer to ship there instead: one click saves the setting, and the page's shipping,
 * delivery estimate and totals follow. The offer follows "Shipping is worked out for …", or
 * the page's own sentence about where shipping is worked out (`lead`), which shows with or
 * without an offer, so the page says it once.
 */
export function ShipsToOffer({ lastAddressCountry, lead, className = 'ships-to-offer' }: {
  lastAddressCountry: CountryCode | null;
  lead?: string;
  className?: string;
}) {
  const t = useT(shipsToMessages);
  const { settings, save } = useSettings();
  const [busy, setBusy] = useState(false);
  const offered = countryToOffer(settings, lastAddressCountry);
  if (offered === null && lead === undefined) return null;
  return (
    <p className={className} data-offer={offered ?? undefined}>
      {lead ?? t('shipsTo.offer', { current: countryName(settings.country, settings.language) })}
      {offered !== null && <>{' '}<button type="button" className="link-button" disabled={busy} onClick={async () => {
        setBusy(true);
        await save({ country: offered });
        setBusy(false);
      }}>
        {t('shipsTo.set', { offered: countryName(offered, settings.language) })}
      </button></>}
    </p>
  );
}
