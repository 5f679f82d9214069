import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository paths a Markdown document names, and those of them that do not exist. A path is
 * a code span that starts with one of the repository's top-level entries (`storefront/lib/…`,
 * `.env.example`), a workspace package's export (`@easel/shared/process`), or a relative link.
 * In a path with a placeholder (`storefront/app/<route>/page.tsx`, `…-api.ts`) the part before
 * it must exist.
 */
export function missingPaths(root: string, docFile: string, text = fs.readFileSync(path.join(root, docFile), 'utf8')): { named: string[]; missing: string[] } {
  const topLevel = new Set(fs.readdirSync(root).filter((entry) => !['node_modules', 'var', '.git'].includes(entry)));
  const named = new Set<string>();
  const missing = new Set<string>();
  const exists = (file: string) => fs.existsSync(path.join(root, file));

  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const token = span!.replace(/[.,;:]$/, '');
    const packageExport = /^@easel\/([^/]+)\/(.+)$/.exec(token);
    if (packageExport) {
      named.add(token);
      const manifest = path.join(root, packageExport[1]!, 'package.json');
      const exported = fs.existsSync(manifest) && Object.hasOwn((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: object }).exports ?? {}, `./${packageExport[2]}`);
      if (!exported) missing.add(token);
      continue;
    }
    if (!topLevel.has(token.split('/')[0]!)) continue;
    named.add(token);
    const fixed = token.split(/[<…*]/)[0]!;
    if (!exists(fixed.includes('/') && fixed !== token ? fixed.slice(0, fixed.lastIndexOf('/') + 1) : fixed)) missing.add(token);
  }
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const file = path.normalize(path.join(path.dirname(docFile), target!));
    named.add(file);
    if (!exists(file)) missing.add(file);
  }
  return { named: [...named], missing: [...missing] };
}
