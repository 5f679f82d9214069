import { permanentRedirect } from 'next/navigation';

interface HomeAliasProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** SPEC §2: /home is the homepage; it sends shoppers (and search engines) to / with its query. */
export default async function HomeAlias({ searchParams }: HomeAliasProps) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, v);
  }
  const search = query.toString();
  permanentRedirect(search ? `/?${search}` : '/');
}
