/** `virtual:form-validators`: the precompiled form validators (./generate.ts), rebuilt when a schema changes. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { generateValidatorsModule } from './generate';

const id = 'virtual:form-validators';
const resolved = `\0${id}`;

export function formValidatorsPlugin(): Plugin {
  const schemasDir = fileURLToPath(new URL('../../../schemas/', import.meta.url));
  const formatsModule = fileURLToPath(new URL('../../../validation/formats.ts', import.meta.url));
  return {
    name: 'fleetdesk-form-validators',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(source) {
      if (source !== resolved) return undefined;
      for (const file of readdirSync(schemasDir)) if (file.endsWith('.json')) this.addWatchFile(join(schemasDir, file));
      return generateValidatorsModule(schemasDir, formatsModule);
    },
    // The dev server: a changed schema rebuilds the validators (and reloads the page that uses them).
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(schemasDir) || !file.endsWith('.json')) return undefined;
      const module = server.moduleGraph.getModuleById(resolved);
      if (module) server.moduleGraph.invalidateModule(module);
      return undefined;
    },
  };
}
