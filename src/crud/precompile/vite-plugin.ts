/**
 * The precompiled validators as virtual modules, rebuilt when a schema changes:
 * `virtual:form-validators` (every resource form, ./generate.ts) and `virtual:request-validator/<name>`
 * (one request schema of schemas/requests/, ./request-validators.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { generateValidatorsModule } from './generate';
import { generateRequestValidatorModule, requestValidatorPrefix } from './request-validators';

const formsId = 'virtual:form-validators';

export function formValidatorsPlugin(): Plugin {
  const schemasDir = fileURLToPath(new URL('../../../schemas/', import.meta.url));
  const formatsModule = fileURLToPath(new URL('../../../validation/formats.ts', import.meta.url));
  const isOurs = (source: string) => source === formsId || source.startsWith(requestValidatorPrefix);
  return {
    name: 'fleetdesk-form-validators',
    resolveId: (source) => (isOurs(source) ? `\0${source}` : undefined),
    load(source) {
      if (!source.startsWith('\0') || !isOurs(source.slice(1))) return undefined;
      const id = source.slice(1);
      if (id === formsId) {
        for (const file of readdirSync(schemasDir)) if (file.endsWith('.json')) this.addWatchFile(join(schemasDir, file));
        return generateValidatorsModule(schemasDir, formatsModule);
      }
      const name = id.slice(requestValidatorPrefix.length);
      this.addWatchFile(join(schemasDir, 'requests', `${name}.json`));
      return generateRequestValidatorModule(schemasDir, name, formatsModule);
    },
    // The dev server: a changed schema rebuilds the validators (and reloads the page that uses them).
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(schemasDir) || !file.endsWith('.json')) return undefined;
      for (const module of server.moduleGraph.idToModuleMap.values())
        if (module.id?.startsWith('\0') && isOurs(module.id.slice(1))) server.moduleGraph.invalidateModule(module);
      return undefined;
    },
  };
}
