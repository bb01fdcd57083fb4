import type { jsPDF } from 'jspdf';
import type { RowInput, UserOptions } from 'jspdf-autotable';
import { formatDay } from '@acompanha/ui/format';
import { reportFileName } from './evaluation-report';
import { drawChart, INK, MUTED, RULE } from './report-charts';
import { BMI_BANDS, BMI_SOURCE, BODY_FAT_BANDS, BODY_FAT_SOURCE } from './report-classification';
import {
  clientFacts,
  closing,
  EVALUATIONS_PER_TABLE,
  formatMeasure,
  highlights,
  latestBodyFat,
  latestBodyMassIndex,
  reportCharts,
  reportTables,
  type ReportInput,
} from './report-model';
import { REPORT_SETTINGS, type Rgb } from './report-settings';

export type { ReportInput as EvaluationPdfInput } from './report-model';

const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const MARGIN = 16;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Where content starts on the pages after the first, under their slim header band. */
const TOP = 26;
/** Where content ends, above the footer. */
const BOTTOM = PAGE_HEIGHT - 20;
const GUTTER = 6;
const CHART_HEIGHT = 40;
const CHART_GAP = 4;
const CHARTS_PER_ROW = 4;
const LABEL_WIDTH = 44;
const CHANGE_WIDTH = 24;
const TITLE = 'Relatório de avaliação antropométrica';

/** A colour mixed with white: 0.9 is a faint tint behind text. */
const tint = (colour: Rgb, whiteness: number): Rgb => colour.map((channel) => Math.round(channel + (255 - channel) * whiteness)) as Rgb;

const { businessName, primary, accent } = REPORT_SETTINGS;

type AutoTable = (doc: jsPDF, options: UserOptions) => void;

/**
 * Lays the report out on A4 pages: a branded first page with the client's data and the numbers
 * that matter, the evaluations side by side, the charts, the classifications with their reference
 * ranges, and the latest evaluation's notes signed by who published it; every page numbered.
 * jsPDF and its table plugin are loaded here, on the first download, and stay out of every screen's bundle.
 */
export async function buildEvaluationPdf(input: ReportInput, today: Date = new Date()): Promise<jsPDF> {
  const [{ jsPDF: Pdf }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new Pdf({ unit: 'mm', format: 'a4' });
  const table: AutoTable = (target, options) =>
    autoTable(target, {
      margin: { top: TOP, bottom: PAGE_HEIGHT - BOTTOM, left: MARGIN, right: MARGIN },
      theme: 'plain',
      showHead: 'everyPage',
      rowPageBreak: 'avoid',
      ...options,
      styles: { font: 'helvetica', fontSize: 9, textColor: INK, cellPadding: { top: 1.4, bottom: 1.4, left: 2.5, right: 2.5 }, ...options.styles },
    });
  const latestY = () => (doc as jsPDF & { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;

  doc.setProperties({
    title: `${TITLE} · ${input.nome}`,
    subject: TITLE,
    author: businessName,
    creator: businessName,
    keywords: 'avaliação antropométrica, IMC, gordura corporal, circunferências',
  });
  doc.setLanguage('pt-BR');
  doc.viewerPreferences({ DisplayDocTitle: true });

  let y = drawFirstHeader(doc, input.nome, today);

  /** Starts a new page when what follows would not fit above the footer. */
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = TOP;
  };
  const heading = (text: string, height: number) => {
    room(6 + height);
    doc.setFillColor(...accent);
    doc.rect(MARGIN, y - 4.2, 1.4, 5.4, 'F');
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(13);
    doc.setTextColor(...primary);
    doc.text(text, MARGIN + 4, y);
    y += 6;
  };

  // The client's data: three columns of label over value, on a faint tint of the brand; a long
  // value (an objective) takes a second line, and its row grows to hold it.
  const facts = clientFacts(input, today);
  const factWidth = CONTENT_WIDTH / 3;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10.5);
  const factLines = facts.map((fact) => (doc.splitTextToSize(fact.value, factWidth - 8) as string[]).slice(0, 2));
  const rowHeights = [0, 3].map((first) => 11.5 + 4.5 * (Math.max(...factLines.slice(first, first + 3).map((lines) => lines.length)) - 1));
  const factsHeight = rowHeights[0]! + rowHeights[1]! + 4;
  heading('Dados do cliente', factsHeight);
  doc.setFillColor(...tint(primary, 0.93));
  doc.roundedRect(MARGIN, y, CONTENT_WIDTH, factsHeight, 2, 2, 'F');
  facts.forEach((fact, index) => {
    const fx = MARGIN + 5 + (index % 3) * factWidth;
    const fy = y + 6.5 + (index < 3 ? 0 : rowHeights[0]!);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text(fact.label, fx, fy);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(10.5);
    doc.setTextColor(...INK);
    doc.text(factLines[index]!, fx, fy + 5, { lineHeightFactor: 1.2 });
  });
  y += factsHeight + 9;

  // The headline numbers as cards.
  heading('Resumo', 24);
  const cards = highlights(input.evaluations);
  const cardWidth = (CONTENT_WIDTH - (cards.length - 1) * 4) / cards.length;
  cards.forEach((card, index) => {
    const cx = MARGIN + index * (cardWidth + 4);
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.3);
    doc.roundedRect(cx, y, cardWidth, 24, 2, 2, 'S');
    doc.setFillColor(...primary);
    doc.rect(cx, y + 3, 1, 18, 'F');
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text(card.label, cx + 5, y + 6.5);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(15);
    doc.setTextColor(...primary);
    doc.text(card.value, cx + 5, y + 14);
    if (card.detail) {
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(7.5);
      doc.setTextColor(...MUTED);
      doc.text(doc.splitTextToSize(card.detail, cardWidth - 8)[0] as string, cx + 5, y + 20);
    }
  });
  y += 24 + 9;

  // Every evaluation side by side, four to a table (SPEC.md), the change at the end of the last.
  const tables = reportTables(input.evaluations);
  const total = input.evaluations.length;
  // One table spreads across the page; several keep a full table's column width, so dates line up from one to the next.
  const valueWidth =
    tables.length === 1
      ? (CONTENT_WIDTH - LABEL_WIDTH - (tables[0]!.showsChange ? CHANGE_WIDTH : 0)) / total
      : (CONTENT_WIDTH - LABEL_WIDTH - CHANGE_WIDTH) / EVALUATIONS_PER_TABLE;
  heading('Avaliações', 40);
  tables.forEach((entry, index) => {
    if (tables.length > 1) {
      room(40);
      const from = index * EVALUATIONS_PER_TABLE + 1;
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(8.5);
      doc.setTextColor(...MUTED);
      const to = from + entry.dates.length - 1;
      doc.text(to === from ? `Avaliação ${from} de ${total}` : `Avaliações ${from} a ${to} de ${total}`, MARGIN, y);
      y += 2.5;
    }
    const columns = entry.dates.length + 1 + (entry.showsChange ? 1 : 0);
    const head = ['Medida', ...entry.dates, ...(entry.showsChange ? ['Variação'] : [])];
    const body: RowInput[] = entry.sections.flatMap((section) => [
      [{ content: section.title, colSpan: columns, styles: { fontStyle: 'bold', textColor: primary, fillColor: tint(primary, 0.9) } }],
      ...section.rows.map((row) => [row.label, ...row.values, ...(entry.showsChange ? [row.change ?? ''] : [])]),
    ]);
    const columnStyles: UserOptions['columnStyles'] = { 0: { cellWidth: LABEL_WIDTH, halign: 'left' } };
    entry.dates.forEach((_, column) => (columnStyles[column + 1] = { cellWidth: valueWidth }));
    if (entry.showsChange) columnStyles[columns - 1] = { cellWidth: CHANGE_WIDTH, fontStyle: 'bold', fillColor: tint(accent, 0.92), textColor: accent };
    table(doc, {
      startY: y,
      head: [head],
      body,
      tableWidth: LABEL_WIDTH + valueWidth * entry.dates.length + (entry.showsChange ? CHANGE_WIDTH : 0),
      styles: { halign: 'center', lineColor: RULE, lineWidth: { bottom: 0.2 } },
      headStyles: { fillColor: primary, textColor: [255, 255, 255], fontStyle: 'bold' },
      columnStyles,
      didParseCell: ({ section, column, cell }) => {
        if (section === 'head' && column.index === 0) cell.styles.halign = 'left';
      },
    });
    y = latestY() + 8;
  });

  // Charts, four to a row: weight, body fat, then each circumference.
  const charts = reportCharts(input.evaluations);
  if (charts.length > 0) {
    const chartWidth = (CONTENT_WIDTH - (CHARTS_PER_ROW - 1) * CHART_GAP) / CHARTS_PER_ROW;
    heading('Evolução', CHART_HEIGHT);
    for (let index = 0; index < charts.length; index += CHARTS_PER_ROW) {
      room(CHART_HEIGHT);
      charts.slice(index, index + CHARTS_PER_ROW).forEach((chart, column) =>
        drawChart(doc, chart, { x: MARGIN + column * (chartWidth + CHART_GAP), y, width: chartWidth, height: CHART_HEIGHT }, primary),
      );
      y += CHART_HEIGHT + CHART_GAP;
    }
    y += 4;
  }

  // Classification against printed reference ranges: BMI on the left, body fat on the right.
  heading('Classificação', 70);
  const halfWidth = (CONTENT_WIDTH - GUTTER) / 2;
  const bmi = latestBodyMassIndex(input.evaluations);
  const fat = latestBodyFat(input.evaluations);
  const blockTop = y;
  const subheading = (x: number, title: string, verdict: string) => {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(10);
    doc.setTextColor(...INK);
    doc.text(title, x, blockTop + 1);
    doc.setFontSize(11);
    doc.setTextColor(...accent);
    doc.text(doc.splitTextToSize(verdict, halfWidth)[0] as string, x, blockTop + 7);
  };
  const highlighted = { fillColor: tint(accent, 0.85), textColor: accent, fontStyle: 'bold' } as const;
  subheading(MARGIN, 'Índice de massa corporal (IMC)', bmi ? `${formatMeasure(bmi.value)} kg/m² · ${bmi.band.label}` : 'Sem altura registrada');
  table(doc, {
    startY: blockTop + 10,
    margin: { left: MARGIN, right: MARGIN + halfWidth + GUTTER },
    tableWidth: halfWidth,
    head: [['Classificação', 'IMC (kg/m²)']],
    body: BMI_BANDS.map((band) => {
      const styles = band === bmi?.band ? highlighted : {};
      return [
        { content: band.label, styles },
        { content: band.range, styles },
      ];
    }),
    headStyles: { fillColor: tint(primary, 0.88), textColor: primary, fontStyle: 'bold' },
    // A little tighter than the evaluations' table: reference rows are read once, not compared.
    styles: { lineColor: RULE, lineWidth: { bottom: 0.2 }, cellPadding: { top: 1.1, bottom: 1.1, left: 2.5, right: 2.5 } },
  });
  const bmiEnd = latestY();
  const rightX = MARGIN + halfWidth + GUTTER;
  subheading(rightX, 'Gordura corporal', fat ? `${formatMeasure(fat.value)} % em ${fat.date}` : 'Ainda não medida');
  table(doc, {
    startY: blockTop + 10,
    margin: { left: rightX, right: MARGIN },
    tableWidth: halfWidth,
    head: [['Classificação', 'Mulheres', 'Homens']],
    body: BODY_FAT_BANDS.mulheres.map((band, index) => {
      const men = BODY_FAT_BANDS.homens[index]!;
      return [
        band.label,
        { content: band.range, styles: band === fat?.mulheres ? highlighted : {} },
        { content: men.range, styles: men === fat?.homens ? highlighted : {} },
      ];
    }),
    headStyles: { fillColor: tint(primary, 0.88), textColor: primary, fontStyle: 'bold' },
    // A little tighter than the evaluations' table: reference rows are read once, not compared.
    styles: { lineColor: RULE, lineWidth: { bottom: 0.2 }, cellPadding: { top: 1.1, bottom: 1.1, left: 2.5, right: 2.5 } },
  });
  y = Math.max(bmiEnd, latestY()) + 5;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(7.5);
  doc.setTextColor(...MUTED);
  const notes = [
    `IMC: ${BMI_SOURCE}`,
    `Gordura corporal: ${BODY_FAT_SOURCE}${fat ? ' Sem o sexo no cadastro, a faixa do valor aparece destacada nas duas colunas.' : ''}`,
  ];
  for (const note of notes) {
    const lines = doc.splitTextToSize(note, CONTENT_WIDTH) as string[];
    doc.text(lines, MARGIN, y);
    y += lines.length * 3.4;
  }
  y += 6;

  // The latest evaluation's notes, when to come back, and who signs it. Without notes or a
  // signature there is nothing to add: the summary's card already gives the next evaluation's date.
  const end = closing(input.evaluations);
  if (end.notes || end.professional) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    const noteLines = end.notes ? (doc.splitTextToSize(end.notes, CONTENT_WIDTH - 12) as string[]) : [];
    const notesHeight = noteLines.length > 0 ? noteLines.length * 5 + 14 : 0;
    // The date and the signature's three lines; with notes, a label over the date too.
    const signatureHeight = notesHeight > 0 ? 18 : 16;
    heading(
      noteLines.length > 0 ? 'Observações e próxima avaliação' : 'Próxima avaliação',
      (notesHeight > 0 ? notesHeight + 8 : 0) + signatureHeight,
    );
    if (noteLines.length > 0) {
      room(notesHeight);
      doc.setFillColor(...tint(primary, 0.94));
      doc.roundedRect(MARGIN, y, CONTENT_WIDTH, notesHeight, 2, 2, 'F');
      doc.setFillColor(...primary);
      doc.rect(MARGIN, y, 1.4, notesHeight, 'F');
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(9);
      doc.setTextColor(...primary);
      doc.text(end.notesTitle, MARGIN + 6, y + 7);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(10);
      doc.setTextColor(...INK);
      doc.text(noteLines, MARGIN + 6, y + 13, { lineHeightFactor: 1.4 });
      y += notesHeight + 8;
      room(signatureHeight);
      y += 4;
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(10);
      doc.setTextColor(...MUTED);
      doc.text('Próxima avaliação', MARGIN, y);
    } else {
      // Right under the heading, which already says what the date is.
      y -= 2;
    }
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(14);
    doc.setTextColor(...primary);
    doc.text(end.nextEvaluation, MARGIN, y + 7);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text('até o fim do acompanhamento atual', MARGIN, y + 12);
    if (end.professional) {
      const signX = MARGIN + CONTENT_WIDTH / 2 + GUTTER;
      const signWidth = CONTENT_WIDTH / 2 - GUTTER;
      doc.setDrawColor(...MUTED);
      doc.setLineWidth(0.3);
      doc.line(signX, y + 2, signX + signWidth, y + 2);
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(10.5);
      doc.setTextColor(...INK);
      doc.text(end.professional.nome, signX, y + 7.5);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(9);
      doc.setTextColor(...MUTED);
      doc.text(end.professional.credentials, signX, y + 12.5);
      doc.setFontSize(8);
      doc.text('Responsável pela avaliação', signX, y + 17);
    }
  }

  decoratePages(doc, input.nome);
  return doc;
}

/** Builds the report and hands it to the browser as `dd-MM-yyyy.pdf`, the latest evaluation's date. */
export async function downloadEvaluationPdf(input: ReportInput) {
  const doc = await buildEvaluationPdf(input);
  doc.save(reportFileName(input.evaluations[0]));
}

/** The first page's brand band; returns where the content starts. */
function drawFirstHeader(doc: jsPDF, nome: string, today: Date): number {
  doc.setFillColor(...primary);
  doc.rect(0, 0, PAGE_WIDTH, 34, 'F');
  doc.setFillColor(...accent);
  doc.rect(0, 34, PAGE_WIDTH, 1.4, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(22);
  doc.text(businessName, MARGIN, 15);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(12);
  doc.text(TITLE, MARGIN, 23);
  doc.setFontSize(9);
  doc.text(nome, MARGIN, 29);
  doc.text(`Emitido em ${formatDay(today)}`, PAGE_WIDTH - MARGIN, 15, { align: 'right' });
  return 46;
}

/** The later pages' slim band, and every page's footer with 'Página n de N'. */
function decoratePages(doc: jsPDF, nome: string) {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    if (page > 1) {
      doc.setFillColor(...primary);
      doc.rect(0, 0, PAGE_WIDTH, 14, 'F');
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(10);
      doc.setTextColor(255, 255, 255);
      doc.text(businessName, MARGIN, 9);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(8.5);
      doc.text(`${TITLE} · ${nome}`, PAGE_WIDTH - MARGIN, 9, { align: 'right' });
    }
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, PAGE_HEIGHT - 14, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - 14);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text(`${businessName} · ${TITLE}`, MARGIN, PAGE_HEIGHT - 9);
    doc.text(`Página ${page} de ${pages}`, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - 9, { align: 'right' });
  }
}
