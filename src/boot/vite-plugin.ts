/**
 * Builds the boot module (src/boot/boot.ts) as an entry of its own and writes its plan into index.html:
 * a JSON block with the requests the app sends first (src/boot/boot-plan.ts, worked out by the app's own
 * code) and the chunks of the signed-in shell and of the generic list page, from the bundle. The boot
 * script is loaded `async`, so it runs as soon as it arrives, while the app's entry still downloads.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { BootPlan } from './start-boot';
import { bootPlanElementId } from './start-boot';

type OutputBundle = NonNullable<Parameters<NonNullable<Extract<Plugin['transformIndexHtml'], { handler: unknown }>['handler']>>[1]['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

const MARKER = '<!-- fleetdesk-boot: the boot module and its plan (src/boot/vite-plugin.ts) -->';
const SHELL = 'src/layout/app-shell.tsx';
const LIST_PAGE = 'src/crud/list-page.tsx';

/** A chunk's file and, recursively, its static imports' files and the CSS files they import. */
function closure(bundle: OutputBundle, chunk: OutputChunk, scripts = new Set<string>(), styles = new Set<string>()) {
  if (scripts.has(chunk.fileName)) return { scripts, styles };
  scripts.add(chunk.fileName);
  const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
  for (const file of css ?? []) styles.add(file);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') closure(bundle, next, scripts, styles);
  }
  return { scripts, styles };
}

export function bootPlugin(): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'serve';
  let lists: Promise<BootPlan['lists']> | undefined;
  let antdStyles: string | null = null;
  const chunkOf = (bundle: OutputBundle, source: string) =>
    Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.facadeModuleId === path.join(root, source));
  return {
    name: 'fleetdesk-boot',
    config(config, env) {
      if (env.command !== 'build') return undefined;
      const base = config.root ? path.resolve(config.root) : process.cwd();
      return { build: { rolldownOptions: { input: { index: path.join(base, 'index.html'), boot: path.join(base, 'src/boot/boot.ts') } } } };
    },
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    // antd's styles of the shell and the lists, made now rather than in each browser (antd-static-styles.tsx).
    async buildStart() {
      if (command !== 'build') return;
      const { module } = await runnerImport<typeof import('../layout/antd-static-styles')>(path.join(root, 'src/layout/antd-static-styles.tsx'), {
        root,
        configFile: false,
        logLevel: 'error',
      });
      const css = module.antdStaticCss();
      // antd names its classes differently outside production builds: such a file would match nothing.
      if (css.includes('dev-only')) throw new Error('fleetdesk-boot: antd styles were made outside a production build (NODE_ENV)');
      const fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      antdStyles = `/${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        lists ??= runnerImport<typeof import('./boot-plan')>(path.join(root, 'src/boot/boot-plan.ts'), { root, configFile: false, logLevel: 'error' }).then(
          ({ module }) => module.firstListRequests(),
        );
        const plan: BootPlan = {
          session: '/api/profile/show',
          lists: await lists,
          antdStyles,
          shell: { scripts: [], styles: [] },
          listPage: { scripts: [], styles: [] },
        };
        let bootSource = '/src/boot/boot.ts';
        const bundle = context.bundle;
        if (bundle) {
          const boot = chunkOf(bundle, 'src/boot/boot.ts');
          const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry && item !== boot);
          const shell = chunkOf(bundle, SHELL);
          const listPage = chunkOf(bundle, LIST_PAGE);
          if (!boot || !entry || !shell || !listPage)
            throw new Error('fleetdesk-boot: the bundle lacks the boot module, the entry, the shell or the list page');
          if (boot.imports.length > 0) throw new Error(`fleetdesk-boot: the boot module must import nothing, it imports ${boot.imports.join(', ')}`);
          const loaded = closure(bundle, entry);
          const shellFiles = closure(bundle, shell);
          const pageFiles = closure(bundle, listPage);
          const only = (files: Set<string>, ...skip: Array<Set<string>>) =>
            [...files].filter((file) => !skip.some((set) => set.has(file))).map((file) => `/${file}`);
          plan.shell = { scripts: only(shellFiles.scripts, loaded.scripts), styles: only(shellFiles.styles, loaded.styles) };
          plan.listPage = {
            scripts: only(pageFiles.scripts, loaded.scripts, shellFiles.scripts),
            styles: only(pageFiles.styles, loaded.styles, shellFiles.styles),
          };
          bootSource = `/${boot.fileName}`;
        }
        // A data block (never run, so the CSP's script-src allows it) with the plan, and the boot module,
        // where index.html marks them: before the entry, so the browser asks for the boot module first.
        const tags = [
          `<script type="application/json" id="${bootPlanElementId}">${JSON.stringify(plan).replace(/</g, '\\u003c')}</script>`,
          `<script type="module" async src="${bootSource}"></script>`,
        ].join('\n    ');
        if (!html.includes(MARKER)) throw new Error(`fleetdesk-boot: index.html lacks ${MARKER}`);
        return html.replace(MARKER, tags);
      },
    },
  };
}
