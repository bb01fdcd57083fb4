import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../testing/factories';
import { focusOfGroup, workoutFocus } from './workout-focus';

const withGroups = (...groups: string[]) =>
  groups.map((grupo_muscular, index) => buildExercise({ id: index + 1, atividade: { titulo: `Exercício ${index + 1}`, grupo_muscular, video: null } }));

describe('focusOfGroup', () => {
  it.each([
    ['Quadríceps', 'lower'],
    ['Posteriores de coxa', 'lower'],
    ['GLÚTEOS', 'lower'],
    ['Panturrilhas', 'lower'],
    ['Abdutores', 'lower'],
    ['Peitoral', 'upper'],
    ['Dorsais', 'upper'],
    ['Costas', 'upper'],
    ['Ombros', 'upper'],
    ['Bíceps', 'upper'],
    ['Tríceps', 'upper'],
    ['Abdômen', 'core'],
    ['Oblíquos', 'core'],
    ['Lombar', 'core'],
    ['Cardio', 'cardio'],
    ['Aeróbico', 'cardio'],
    ['Corpo inteiro', 'full'],
    ['Funcional', 'full'],
    ['Mobilidade', null],
  ])('reads %j as %j', (group, focus) => {
    expect(focusOfGroup(group)).toBe(focus);
  });
});

describe('workoutFocus', () => {
  it.each([
    // ana's demo workouts: A, B and C.
    ['legs only', withGroups('Quadríceps', 'Quadríceps', 'Quadríceps', 'Posteriores de coxa', 'Posteriores de coxa', 'Glúteos', 'Panturrilhas'), 'lower'],
    ['the upper body with a plank', withGroups('Peitoral', 'Dorsais', 'Dorsais', 'Ombros', 'Ombros', 'Bíceps', 'Tríceps', 'Abdômen'), 'upper'],
    ['glutes with some core', withGroups('Glúteos', 'Glúteos', 'Glúteos', 'Glúteos', 'Abdômen', 'Abdômen'), 'lower'],
    ['mostly core', withGroups('Abdômen', 'Oblíquos', 'Lombar', 'Glúteos'), 'core'],
    ['legs and back, a third each or more', withGroups('Quadríceps', 'Quadríceps', 'Dorsais', 'Dorsais', 'Abdômen'), 'full'],
    ['a few upper-body accessories on a leg day', withGroups('Quadríceps', 'Quadríceps', 'Glúteos', 'Panturrilhas', 'Bíceps'), 'lower'],
    ['half cardio', withGroups('Cardio', 'Esteira', 'Abdômen', 'Quadríceps'), 'cardio'],
    ['whole-body circuits', withGroups('Corpo inteiro', 'Corpo inteiro', 'Abdômen'), 'full'],
    ['no group recognised', withGroups('Mobilidade'), 'full'],
    ['no exercise', [], 'full'],
  ])('calls %s %j', (_what, exercises, focus) => {
    expect(workoutFocus(exercises)).toBe(focus);
  });
});
