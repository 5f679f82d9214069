import { buildUserSettings, DEFAULT_CHOICE, VISITOR_FACTS } from './entity';
import type { UserSettings } from './settings';

/** A visitor's settings before any choice (SPEC §3): GBP (£), GB, cm, en-gb, an empty basket. */
export const DEFAULT_SETTINGS: UserSettings = buildUserSettings(DEFAULT_CHOICE, VISITOR_FACTS);
