import { describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { reportFileName } from './evaluation-report';

describe('reportFileName', () => {
  it('is the latest evaluation date as dd-MM-yyyy.pdf', () => {
    expect(reportFileName(buildEvaluation({ created_at: '2026-03-15T10:00:00.000Z' }))).toBe('15-03-2026.pdf');
  });
});
