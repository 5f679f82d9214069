import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import './globals.css';

export const metadata: Metadata = {
  title: {
    template: '%s | Easel',
    default: 'Easel | Original art, straight from the artists',
  },
  description: 'Discover and buy original paintings, photography, drawings, prints and sculpture, straight from the artists who made them.',
};

export const viewport: Viewport = {
  themeColor: '#faf8f4',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <body>
        <SiteHeader />
        <main id="main">{children}</main>
        <SiteFooter />
      </body>
    </html>
  );
}
