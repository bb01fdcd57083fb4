import type { Evaluation } from '@acompanha/contract';
import { format } from 'date-fns';
import { EVALUATIONS_PER_TABLE, reportFileName, reportTables } from './evaluation-report';

export interface EvaluationPdfInput {
  nome: string;
  age: number | null;
  /** Latest first, as the API lists them. */
  evaluations: readonly [Evaluation, ...Evaluation[]];
}

const BRAND: [number, number, number] = [4, 120, 87];
const MARGIN = 14;
const LABEL_WIDTH = 40;

/**
 * Builds the evaluation report in the browser and saves it. jsPDF is loaded only here, on the
 * first download, so it stays out of every screen's bundle.
 */
export async function downloadEvaluationPdf({ nome, age, evaluations }: EvaluationPdfInput) {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const [latest] = evaluations;
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();

  doc.setFillColor(...BRAND);
  doc.rect(0, 0, pageWidth, 28, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text('Avaliação antropométrica', MARGIN, 13);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(`Acompanha · gerado em ${format(new Date(), 'dd/MM/yyyy')}`, MARGIN, 21);

  doc.setTextColor(17, 24, 39);
  doc.setFontSize(12);
  doc.setFont('helvetica', 'bold');
  doc.text(nome, MARGIN, 40);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  const details = [age === null ? null : `${age} anos`, `Objetivo: ${latest.objetivo}`].filter(Boolean).join('  ·  ');
  doc.text(details, MARGIN, 46);

  // Every table keeps the column width of a full one, so dates line up from table to table.
  const columnWidth = (pageWidth - 2 * MARGIN - LABEL_WIDTH) / EVALUATIONS_PER_TABLE;
  let y = 54;
  for (const table of reportTables(evaluations)) {
    autoTable(doc, {
      head: [table.head],
      body: table.body,
      startY: y,
      margin: { left: MARGIN, right: MARGIN },
      tableWidth: LABEL_WIDTH + columnWidth * (table.head.length - 1),
      pageBreak: 'avoid',
      theme: 'grid',
      styles: { fontSize: 10, cellPadding: 2.5, halign: 'center', textColor: [17, 24, 39] },
      headStyles: { fillColor: BRAND, textColor: [255, 255, 255], fontStyle: 'bold' },
      columnStyles: { 0: { halign: 'left', fontStyle: 'bold', cellWidth: LABEL_WIDTH } },
      alternateRowStyles: { fillColor: [240, 253, 244] },
      didDrawPage: (data) => {
        y = (data.cursor?.y ?? y) + 8;
      },
    });
  }

  doc.save(reportFileName(latest));
}
