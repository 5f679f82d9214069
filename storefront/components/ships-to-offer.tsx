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
 * delivery estimate and totals follow.
 */
export function ShipsToOffer({ lastAddressCountry }: { lastAddressCountry: CountryCode | null }) {
  const t = useT(shipsToMessages);
  const { settings, save } = useSettings();
  const [busy, setBusy] = useState(false);
  const offered = countryToOffer(settings, lastAddressCountry);
  if (offered === null) return null;
  const names = { current: countryName(settings.country, settings.language), offered: countryName(offered, settings.language) };
  return (
    <p className="ships-to-offer" data-offer={offered}>
      {t('shipsTo.offer', names)}{' '}
      <button type="button" className="link-button" disabled={busy} onClick={async () => {
        setBusy(true);
        await save({ country: offered });
        setBusy(false);
      }}>
        {t('shipsTo.set', names)}
      </button>
    </p>
  );
}
