/**
 * A handover act as a PDF (issue 13), made on the server with pdfkit, in the member's language: the
 * vehicle, date, both parties and who made the act, fuel and mileage, equipment, documents on board,
 * damages, tyres, what changed since the vehicle's previous act, and the photos (JPEG and PNG, the kinds a
 * PDF embeds; another kind is named, not drawn). DejaVu Sans is embedded so Ukrainian and Greek print.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { ActChanges } from './compare';
import { showDay } from '../../validation/day-format';
import { changeLines } from '../../resources/handover-act-changes';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type Translate = (key: string, params?: Record<string, string | number>) => string;
type Item = Record<string, unknown>;

export interface ActPdfInput {
  t: Translate;
  language: string;
  vehicle: string;
  act: Record<string, unknown>;
  transferredBy: string | null;
  receivedBy: string | null;
  createdBy: string | null;
  changes: ActChanges;
  photos: Array<{ label: string; mimeType: string; content: Buffer }>;
}

const listOf = (value: unknown) => (Array.isArray(value) ? (value as Item[]) : []);

export function actPdf(input: ActPdfInput): Promise<Buffer> {
  const { t, act, changes } = input;
  const number = new Intl.NumberFormat(input.language);
  const amount = (value: unknown, unit: string) => (typeof value === 'number' ? `${number.format(value)} ${t(`units.${unit}`)}` : '—');
  const field = (name: string) => t(`handover-acts.fields.${name}`);
  // The act's day as the member's language writes it (07.12.2026 in German), as on the act's page.
  const day = (value: unknown, blank = '') => (typeof value === 'string' && value !== '' ? showDay(value, input.language) : blank);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${t('handover-acts.titleSingular')} ${input.vehicle} ${day(act.date)}` } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font('bold').fontSize(13).text(text).moveDown(0.3).font('regular').fontSize(10.5);
  const line = (label: string, value: string) => doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  const presence = (items: Item[]) => {
    if (items.length === 0) doc.text('—');
    for (const item of items)
      doc.text(
        `${item.present === true ? '✓' : '✗'} ${String(item.name)} — ${t(item.present === true ? 'handover-acts.pdf.present' : 'handover-acts.pdf.absent')}`,
      );
  };

  doc
    .font('bold')
    .fontSize(18)
    .text(`${t('handover-acts.titleSingular')}: ${input.vehicle}`);
  doc.font('regular').fontSize(10.5).moveDown(0.5);
  line(field('date'), day(act.date, '—'));
  line(field('transferred_by_id'), input.transferredBy ?? '—');
  line(field('received_by_id'), input.receivedBy ?? '—');
  line(t('handover-acts.pdf.createdBy'), input.createdBy ?? '—');
  line(field('fuel_remaining'), amount(act.fuel_remaining, 'l'));
  line(field('mileage'), amount(act.mileage, 'km'));

  heading(field('equipment'));
  presence(listOf(act.equipment));
  heading(field('documents'));
  presence(listOf(act.documents));
  heading(field('damages'));
  const damages = listOf(act.damages);
  if (damages.length === 0) doc.text('—');
  for (const damage of damages)
    doc.text(`• ${String(damage.title)}${typeof damage.description === 'string' && damage.description ? ` — ${damage.description}` : ''}`);
  heading(field('tires'));
  const tires = listOf(act.tires);
  if (tires.length === 0) doc.text('—');
  for (const tire of tires) doc.text(`${String(tire.position)}: ${amount(tire.pressure, 'bar')}, ${amount(tire.tread_depth, 'mm')}`);

  heading(t('handover-acts.changes.title'));
  if (!changes.previous) doc.text(t('handover-acts.changes.first'));
  else {
    line(t('handover-acts.changes.since'), day(changes.previous.date, '—'));
    // The lines the act's page shows, worded the same: a fuel difference with its sign, "No change" where none.
    for (const change of changeLines(changes, amount) ?? []) {
      line(t(`handover-acts.changes.${change.id}`), change.values.join(', ') || t('handover-acts.changes.none'));
    }
  }

  for (const photo of input.photos) {
    // A photo and its heading on one page.
    if (doc.y + 260 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(photo.label);
    if (photo.mimeType === 'image/jpeg' || photo.mimeType === 'image/png') {
      try {
        doc.image(photo.content, { fit: [300, 220] });
      } catch {
        doc.text(t('handover-acts.pdf.photoUnreadable'));
      }
    } else doc.text(t('handover-acts.pdf.photoNotShown'));
  }

  doc.end();
  return done;
}
