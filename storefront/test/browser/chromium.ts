import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { REPO_ROOT } from '@easel/data/config';

/** Debian's Chromium; a downloaded browser is not an option on the machines this runs on. */
const EXECUTABLE = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: EXECUTABLE, args: FLAGS });
}

/** Screenshots for people to look at live here, one file per view, replaced on every run. */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'var', 'screenshots');

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
