import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldId, fieldPathOf, messageOf } from './plan-errors';
import { blankPlan, fromPlanFile } from './plan-form';

describe('an error at its field', () => {
  it.each([
    [['evaluation', 'peso'], ['evaluation', 'peso']],
    [['evaluation'], ['evaluation', 'plano']],
    [['workouts', 1, 'titulo'], ['workouts', 1, 'titulo']],
    [['workouts', 1], ['workouts', 1, 'titulo']],
    [['workouts', 0, 'dias', 2], ['workouts', 0, 'dias']],
    [['workouts', 0, 'exercises'], ['workouts', 0, 'exercises']],
    [['workouts', 0, 'exercises', 2, 'series'], ['workouts', 0, 'exercises', 2, 'series']],
    [['workouts', 0, 'exercises', 2], ['workouts', 0, 'exercises', 2, 'atividade', 'titulo']],
    [['workouts', 0, 'exercises', 2, 'atividade', 'video'], ['workouts', 0, 'exercises', 2, 'atividade', 'video']],
    [['workouts', 0, 'exercises', 2, 'atividade'], ['workouts', 0, 'exercises', 2, 'atividade', 'titulo']],
    [['diets', 0, 'meals', 1], ['diets', 0, 'meals', 1, 'horario_inicio']],
    [['diets', 0, 'meals', 1, 'horario_fim'], ['diets', 0, 'meals', 1, 'horario_fim']],
    [['diets', 0, 'meals', 1, 'opcoes', 0, 2], ['diets', 0, 'meals', 1, 'opcoes', 0]],
    [['diets', 0, 'is_dia_de_treino'], ['diets', 0, 'is_dia_de_treino']],
  ] as const)('%j is shown at %j', (caminho, field) => {
    expect(fieldPathOf(caminho)).toEqual(field);
  });

  it('has no field for the plan as a whole', () => {
    expect(fieldPathOf([])).toBeNull();
    expect(fieldPathOf(['workouts'])).toBeNull();
  });

  it("says plan.ts's bounds and the library's room in Portuguese, at whichever field", () => {
    expect(messageOf({ caminho: ['workouts', 0, 'exercises', 0, 'atividade', 'titulo'], mensagem: 'expected at most 120 characters' })).toBe('Use no máximo 120 caracteres.');
    expect(messageOf({ caminho: ['workouts', 0, 'exercises', 0, 'repeticoes'], mensagem: 'expected at most 40 characters' })).toBe('Use no máximo 40 caracteres.');
    expect(messageOf({ caminho: ['workouts', 0, 'exercises'], mensagem: 'expected at most 50 items' })).toBe('No máximo 50 itens aqui.');
    expect(messageOf({ caminho: ['evaluation', 'objetivo'], mensagem: 'expected at most 120 characters' })).toBe('Use no máximo 120 caracteres.');
    expect(messageOf({ caminho: ['workouts'], mensagem: 'adds 101 activities to the library; at most 100 may be added at once' })).toBe(
      'Este plano traria 101 atividades novas à biblioteca; no máximo 100 de uma vez.',
    );
    expect(messageOf({ caminho: ['workouts'], mensagem: 'adds 1 activity to a library of 2000 activities, the most it holds; merge or retire some first' })).toBe(
      'A biblioteca está cheia (2.000 atividades) e este plano traria 1 nova. Mescle ou retire atividades em Atividades.',
    );
  });

  it('names a control by its path', () => {
    expect(fieldId(['workouts', 0, 'exercises', 1, 'series'])).toBe('campo-workouts-0-exercises-1-series');
  });

  it("says plan.ts's errors in Portuguese, with the day an import rule names", () => {
    expect(messageOf({ caminho: ['workouts', 0, 'exercises', 1, 'series'], mensagem: 'Too small: expected number to be >=1' })).toBe(
      'Informe um número inteiro de séries, de 1 a 100.',
    );
    expect(messageOf({ caminho: ['evaluation', 'data_consulta'], mensagem: 'must not be after today (2026-11-26)' })).toBe(
      'A consulta não pode ser depois de hoje (26/11/2026).',
    );
    expect(messageOf({ caminho: ['evaluation', 'vencimento'], mensagem: 'must be after the consultation day (2026-11-26)' })).toBe(
      'O vencimento deve ser depois da consulta (26/11/2026).',
    );
    expect(messageOf({ caminho: ['workouts', 0, 'exercises', 0, 'atividade', 'video'], mensagem: 'expected an http(s) URL' })).toBe(
      'Informe um link que comece com http:// ou https://, ou deixe em branco.',
    );
    expect(messageOf({ caminho: ['workouts', 0, 'exercises', 0, 'atividade', 'titulo'], mensagem: 'expected a non-empty text' })).toBe('Informe o nome da atividade.');
    expect(messageOf({ caminho: ['diets', 0, 'meals', 0], mensagem: 'expected horario_inicio and horario_fim, or horario_customizado' })).toBe(
      'Informe o intervalo da refeição ou um horário livre.',
    );
    expect(messageOf({ caminho: ['evaluation', 'dobra_triceps'], mensagem: 'Too big: expected number to be <=100' })).toBe(
      'Informe a dobra em mm, de 0 a 100 (ex.: 12,5), ou deixe em branco.',
    );
    expect(messageOf({ caminho: ['evaluation', 'circunferencia_coxa'], mensagem: 'Too small: expected number to be >=0' })).toBe(
      'Informe um número maior ou igual a 0, ou deixe em branco.',
    );
    expect(messageOf({ caminho: ['evaluation', 'observacoes'], mensagem: 'Too big: expected string to have <=2000 characters' })).toBe(
      'Escreva no máximo 2.000 caracteres, ou deixe em branco.',
    );
    expect(messageOf({ caminho: ['workouts', 0, 'exercises'], mensagem: 'at most 100 series in one workout, over all its exercises' })).toBe(
      'No máximo 100 séries por treino, somando todos os exercícios.',
    );
  });

  it('lists each control once, with where it is', () => {
    const form = fromPlanFile({ workouts: [{ titulo: 'Treino A', exercises: [{}, { atividade: { titulo: 'Supino reto' } }] }], diets: [] });
    const errors = fieldErrorsOf(
      [
        { campo: 'workouts[0].exercises[1].series', caminho: ['workouts', 0, 'exercises', 1, 'series'], mensagem: 'Invalid input' },
        { campo: 'workouts[0].exercises[1].series', caminho: ['workouts', 0, 'exercises', 1, 'series'], mensagem: 'Too small' },
        { campo: 'evaluation.peso', caminho: ['evaluation', 'peso'], mensagem: 'Invalid input' },
        { campo: '', caminho: [], mensagem: 'Invalid input: expected object' },
      ],
      form,
    );
    expect(errors).toEqual([
      {
        id: 'campo-workouts-0-exercises-1-series',
        path: ['workouts', 0, 'exercises', 1, 'series'],
        location: 'Treino 1 (Treino A) › Exercício 2 (Supino reto) › Séries',
        message: 'Informe um número inteiro de séries, de 1 a 100.',
      },
      { id: 'campo-evaluation-peso', path: ['evaluation', 'peso'], location: 'Avaliação › Peso (kg)', message: 'Informe o peso em kg, de 20 a 400 (ex.: 67,5).' },
      { id: 'plano-inteiro', path: null, location: 'Plano', message: 'Valor inválido (Invalid input: expected object).' },
    ]);
    expect(
      fieldErrorsOf(
        [
          { campo: 'evaluation.observacoes', caminho: ['evaluation', 'observacoes'], mensagem: 'Too big' },
          { campo: 'evaluation.dobra_axilar_media', caminho: ['evaluation', 'dobra_axilar_media'], mensagem: 'Too big' },
        ],
        form,
      ).map((error) => [error.id, error.location]),
    ).toEqual([
      ['campo-evaluation-observacoes', 'Avaliação › Observações para o cliente'],
      ['campo-evaluation-dobra_axilar_media', 'Avaliação › Dobra axilar média (mm)'],
    ]);
    expect(fieldErrorsOf([{ campo: '', caminho: ['diets', 0, 'meals', 0, 'opcoes', 1, 0], mensagem: 'x' }], blankPlan('2026-11-26'))[0]!.location).toBe(
      'Dieta 1 › Refeição 1 › Opção 2',
    );
  });
});
