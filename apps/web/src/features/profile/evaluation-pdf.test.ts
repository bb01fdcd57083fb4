import type { Evaluation } from '@acompanha/contract';
import type * as JsPdfModule from 'jspdf';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { buildEvaluationPdf, downloadEvaluationPdf } from './evaluation-pdf';

const savedFiles = vi.hoisted(() => [] as { name: string; bytes: ArrayBuffer }[]);

// jsPDF's save is set per document; this one records the file instead of handing it to the browser.
vi.mock('jspdf', async (importOriginal) => {
  const original = await importOriginal<typeof JsPdfModule>();
  class RecordingPdf extends original.jsPDF {
    constructor(...args: ConstructorParameters<typeof original.jsPDF>) {
      super(...args);
      const record = (name = '') => {
        savedFiles.push({ name, bytes: this.output('arraybuffer') });
        return this;
      };
      this.save = record as unknown as typeof this.save;
    }
  }
  return { ...original, jsPDF: RecordingPdf };
});

const TODAY = new Date('2026-11-26T12:00:00');

/** Six evaluations two months apart, latest first: weight 70,0 down to 67,5 from the first to the last. */
function sixEvaluations(): [Evaluation, ...Evaluation[]] {
  const days = ['2026-01-14', '2026-03-15', '2026-05-12', '2026-07-10', '2026-09-08', '2026-11-05'];
  const weights = [70, 69.5, 69.1, 68.4, 68, 67.5];
  const [latest, ...rest] = days
    .map((day, index) =>
      buildEvaluation({
        id: index + 1,
        created_at: `${day}T10:00:00.000Z`,
        vencimento: '2027-01-04',
        plano: 'ULTIMATE',
        peso: weights[index]!,
        altura: 165,
        percentual_gordura: 28 - index,
        circunferencia_cintura: 80 - index,
        dobra_triceps: 22 - index,
        observacoes: index === 5 ? 'Ótima evolução: mantenha o treino de força quatro vezes por semana.' : null,
        profissional: index === 5 ? { nome: 'Marcos Oliveira', papel: 'ROLE_PERSONAL', registro: 'CREF 012345-G/SP' } : null,
      }),
    )
    .reverse();
  return [latest!, ...rest];
}

/** Each page's text in reading order, as a screen reader or a search would get it. */
async function pagesText(bytes: ArrayBuffer): Promise<string[]> {
  // pdf.js takes the buffer over: it reads a copy, so the caller's bytes stay readable.
  const pdf = await getDocument({ data: new Uint8Array(bytes.slice(0)) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const words = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(words.replace(/\s+/g, ' ').trim());
  }
  return pages;
}

async function reportOf(evaluations: [Evaluation, ...Evaluation[]]) {
  const doc = await buildEvaluationPdf({ nome: 'Ana Paula Souza', birthDate: '1994-03-15', evaluations }, TODAY);
  const bytes = doc.output('arraybuffer');
  return { bytes, pages: await pagesText(bytes) };
}

describe('the evaluation report', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => vi.useRealTimers());

  it('has every section, the client, the change from the first evaluation to the last, and the latest notes signed', async () => {
    const { pages } = await reportOf(sixEvaluations());
    const text = pages.join('\n');

    for (const section of ['Dados do cliente', 'Resumo', 'Avaliações', 'Evolução', 'Classificação', 'Observações e próxima avaliação']) {
      expect(text).toContain(section);
    }
    expect(pages[0]).toContain('Acompanha');
    expect(pages[0]).toContain('Emitido em 26/11/2026');
    for (const fact of ['Ana Paula Souza', '15/03/1994', '32 anos', 'Hipertrofia', 'ULTIMATE · treinos e dietas', '04/01/2027']) {
      expect(pages[0]).toContain(fact);
    }
    // Weight 70,0 -> 67,5, body fat 28,0 -> 23,0, waist 80,0 -> 75,0, triceps skinfold 22,0 -> 17,0.
    expect(text).toMatch(/Peso \(kg\) 68,0 67,5 -2,5/);
    expect(text).toMatch(/Gordura corporal \(%\) 24,0 23,0 -5,0/);
    expect(text).toMatch(/Dobras cutâneas \(mm\) Tricipital 18,0 17,0 -5,0/);
    expect(text).toContain('Cintura (cm)');
    expect(text).toContain('-2,5 kg desde 14/01/2026');

    expect(text).toContain('Observações da avaliação de 05/11/2026');
    expect(text).toContain('Ótima evolução: mantenha o treino de força quatro vezes por semana.');
    expect(text).toContain('Marcos Oliveira');
    expect(text).toContain('Personal trainer · CREF 012345-G/SP');
    expect(text).toMatch(/Próxima avaliação 04\/01\/2027/);
  });

  it('puts four evaluations to a table, oldest first, and the change column only after the latest', async () => {
    const { pages } = await reportOf(sixEvaluations());
    const text = pages.join('\n');

    expect(text).toMatch(/Avaliações 1 a 4 de 6 Medida 14\/01\/2026 15\/03\/2026 12\/05\/2026 10\/07\/2026 Composição/);
    expect(text).toMatch(/Avaliações 5 a 6 de 6 Medida 08\/09\/2026 05\/11\/2026 Variação Composição/);
    expect(text.match(/Variação/g)).toHaveLength(1);
  });

  it('says which evaluation a table of one holds', async () => {
    const [latest, ...rest] = sixEvaluations();
    const { pages } = await reportOf([latest, ...rest.slice(0, 4)]);
    const text = pages.join('\n');

    expect(text).toContain('Avaliações 1 a 4 de 5');
    expect(text).toMatch(/Avaliação 5 de 5 Medida 05\/11\/2026 Variação/);
  });

  it('classifies BMI and body fat and prints the reference ranges used', async () => {
    const { pages } = await reportOf(sixEvaluations());
    const text = pages.join('\n');

    // 67,5 kg at 1,65 m is a BMI of 24,8.
    expect(text).toContain('24,8 kg/m² · Peso normal');
    for (const band of ['Abaixo do peso abaixo de 18,5', 'Peso normal 18,5 a 24,9', 'Obesidade grau III 40,0 ou mais']) {
      expect(text).toContain(band);
    }
    expect(text).toContain('23,0 % em 05/11/2026');
    expect(text).toContain('Boa forma 21 a 24 % 14 a 17 %');
    expect(text).toContain('Organização Mundial da Saúde (OMS)');
    expect(text).toContain('American Council on Exercise (ACE)');
  });

  it('numbers every page', async () => {
    const { pages } = await reportOf(sixEvaluations());

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${pages.length}`));
  });

  it('names itself in pt-BR with its title and author for readers and assistive technology', async () => {
    const { bytes } = await reportOf(sixEvaluations());
    const pdf = await getDocument({ data: new Uint8Array(bytes.slice(0)) }).promise;
    const { info } = await pdf.getMetadata();

    expect(info).toMatchObject({ Title: 'Relatório de avaliação antropométrica · Ana Paula Souza', Author: 'Acompanha', Language: 'pt-BR' });
  });

  it('leaves out what was never measured and says nothing of notes or a professional it does not have', async () => {
    const { pages } = await reportOf([buildEvaluation({ peso: 62.5, altura: 165 })]);
    const text = pages.join('\n');

    expect(text).toContain('Peso (kg) 62,5');
    expect(text).not.toContain('Circunferências');
    expect(text).not.toContain('Dobras cutâneas');
    expect(text).not.toContain('Variação');
    expect(text).not.toContain('Evolução');
    expect(text).not.toContain('Observações');
    expect(text).not.toContain('Responsável pela avaliação');
    expect(text).toContain('Gordura corporal Ainda não medida');
    // The summary's card gives the next evaluation's date; no page is left for it alone.
    expect(text).toMatch(/Próxima avaliação \d\d\/\d\d\/\d{4} fim do acompanhamento/);
    expect(pages).toHaveLength(1);
  });
});

describe('downloadEvaluationPdf', () => {
  it("saves a PDF named after the latest evaluation's date", async () => {
    await downloadEvaluationPdf({
      nome: 'Ana Paula Souza',
      birthDate: '1994-03-15',
      evaluations: [
        buildEvaluation({ id: 2, created_at: '2026-03-15T10:00:00.000Z', percentual_gordura: 26.4 }),
        buildEvaluation({ id: 1, created_at: '2026-01-14T10:00:00.000Z' }),
      ],
    });

    expect(savedFiles.map((file) => file.name)).toEqual(['15-03-2026.pdf']);
    expect(new TextDecoder().decode(savedFiles[0]!.bytes.slice(0, 5))).toBe('%PDF-');
  });
});
