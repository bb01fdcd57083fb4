import type * as JsPdfModule from 'jspdf';
import { describe, expect, it, vi } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { downloadEvaluationPdf } from './evaluation-pdf';

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

describe('downloadEvaluationPdf', () => {
  it("saves a PDF named after the latest evaluation's date", async () => {
    await downloadEvaluationPdf({
      nome: 'Ana Paula Souza',
      age: 32,
      evaluations: [
        buildEvaluation({ id: 2, created_at: '2026-03-15T10:00:00.000Z', percentual_gordura: 26.4 }),
        buildEvaluation({ id: 1, created_at: '2026-01-14T10:00:00.000Z' }),
      ],
    });

    expect(savedFiles.map((file) => file.name)).toEqual(['15-03-2026.pdf']);
    expect(new TextDecoder().decode(savedFiles[0]!.bytes.slice(0, 5))).toBe('%PDF-');
  });
});
