// @ts-check
// Starts the first page's files with the HTML instead of one after another (docs/benchmarks.md,
// "The first page's files start with the HTML"). Without it, a phone on a slow link waits for
// main.js, then for the chunks main.js asks for, then for the chunks those ask for.
//  - A `<link rel="preload">` in the head for each file the shell needs before its first render:
//    the chunks of `import('./bootstrap.js')` and of the shared modules the shell provides (React,
//    the router, react-intl, the design kit), which the federation runtime loads at start.
//  - A JSON block (`#first-load-chunks`) naming, per path, the files of a lazy screen that the first
//    render of that path waits for; src/index.ts preloads those of the page opened.
import { rspack } from '@rspack/core';

/** The data block's id, read by src/index.ts. */
export const FIRST_LOAD_CHUNKS_ID = 'first-load-chunks';

/** What a chunk group was made for: the request of its import(), or the shared module it provides. */
const isFor = (group, test) => group.origins.some((origin) => test(origin.request ?? '', origin.module?.identifier?.() ?? ''));

export class FirstLoadPreloadPlugin {
  /**
   * @param {{ bootstrap: string; routeChunks: Record<string, string[]> }} options `bootstrap`: the
   * request of the async boundary's import(); `routeChunks`: per path, the import() requests of the
   * lazy modules its first render waits for.
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstLoadPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('FirstLoadPreloadPlugin', async (data) => {
        const groups = compilation.chunkGroups;
        const filesFor = (test) => [...new Set(groups.filter((group) => isFor(group, test)).flatMap((group) => group.getFiles()))];
        const url = (file) => `${data.publicPath}${file}`;
        const startFiles = filesFor((request, module) => request === this.options.bootstrap || module.startsWith('provide shared module'));
        if (!startFiles.some((file) => file.endsWith('.js'))) throw new Error(`FirstLoadPreloadPlugin: no chunk for ${this.options.bootstrap}`);
        const preloads = startFiles
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => ({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: url(file) } }));
        const routeChunks = Object.fromEntries(
          Object.entries(this.options.routeChunks).map(([path, requests]) => {
            const files = filesFor((request) => requests.includes(request)).filter((file) => /\.(js|css)$/.test(file));
            if (files.length === 0) throw new Error(`FirstLoadPreloadPlugin: no chunk for ${requests.join(', ')}`);
            return [path, files.map(url)];
          }),
        );
        const block = { tagName: 'script', voidTag: false, attributes: { type: 'application/json', id: FIRST_LOAD_CHUNKS_ID }, innerHTML: JSON.stringify(routeChunks) };
        data.assetTags.meta.push(...preloads, block);
        return data;
      });
    });
  }
}
