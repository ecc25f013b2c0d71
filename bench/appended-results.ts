/**
 * Sections of bench/RESULTS.md written by the benches that are not `npm run bench` (bench:import-export).
 * Each sits between markers with its bench's name: a new run replaces its own section and leaves the rest,
 * and `npm run bench`, which writes the file anew (results.ts), carries these sections over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

const FILE = path.join(ROOT, 'bench/RESULTS.md');
const begin = (name: string) => `<!-- bench:${name} begin: written by the bench, replaced by its next run -->`;
const end = (name: string) => `<!-- bench:${name} end -->`;
const SECTION = /<!-- bench:([\w-]+) begin[^>]*-->[\s\S]*?<!-- bench:\1 end -->/g;

/** The marked sections of a RESULTS.md text, in their order. */
export function appendedSections(text: string): string[] {
  return [...text.matchAll(SECTION)].map((match) => match[0]);
}

/** Puts `lines` into RESULTS.md as the section of bench `name`: in place of its last one, else at the end. */
export function writeAppendedSection(name: string, lines: string[], file = FILE): string {
  const section = [begin(name), ...lines, end(name)].join('\n');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const ownSection = appendedSections(text).find((candidate) => candidate.startsWith(begin(name)));
  const next = ownSection ? text.replace(ownSection, () => section) : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
  return file;
}
