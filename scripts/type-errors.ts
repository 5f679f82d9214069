import path from 'node:path';
import ts from 'typescript';

/**
 * Type-checks one workspace (its tsconfig.json, as `npm run typecheck` does) with some files'
 * text replaced in memory, and gives each file the compiler rejects, relative to `root`, with
 * its messages: what a change would make the build reject, without touching the tree.
 */
export function typeErrorsWith(root: string, project: string, overlays: Record<string, string>): Record<string, string[]> {
  const replaced = new Map(Object.entries(overlays).map(([file, text]) => [path.resolve(root, file), text]));
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, project, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`no tsconfig.json in ${project}`);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  // Workspace packages are symlinks in node_modules: the compiler reads them by their real path.
  host.readFile = (file) => replaced.get(path.resolve(file)) ?? readFile(file);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const errors: Record<string, string[]> = {};
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? path.relative(root, d.file.fileName) : '(no file)';
    (errors[file] ??= []).push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return errors;
}
