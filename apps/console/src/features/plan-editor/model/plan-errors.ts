import { EVALUATION_NOTES_MAX, PUBLISH_NEW_ACTIVITIES_MAX, SESSION_SETS_MAX, SKINFOLD_MAX_MM, type PlanError } from '@acompanha/contract';
import { formatDay } from '@acompanha/ui/format';
import { MEASUREMENT_LABELS, NOTES_LABEL, SKINFOLDS, type PlanForm } from './plan-form';

/**
 * Where each error of the whole-plan check goes (decision 042): the API names a field by its path in
 * the plan file (`caminho`), which is the form's own path, so a path is a field's id. An error on a
 * whole item (a meal without times, a workout with too many series) goes to the field that fixes it.
 */

export type Path = readonly (string | number)[];

/** The DOM id of the control at `path`: `campo-workouts-0-exercises-1-series`. */
export const fieldId = (path: Path) => ['campo', ...path].join('-');

/** The path of the control an error at `caminho` belongs to; null for the plan as a whole. */
export function fieldPathOf(caminho: Path): Path | null {
  const [section, index, ...rest] = caminho;
  if (section === 'evaluation') return index === undefined ? ['evaluation', 'plano'] : ['evaluation', index];
  if (typeof index !== 'number') return null;
  if (section === 'workouts') {
    const [key, inner, ...deeper] = rest;
    if (key === undefined) return ['workouts', index, 'titulo'];
    // A day that is not a weekday, or the days as a whole: the group of toggles.
    if (key === 'dias') return ['workouts', index, 'dias'];
    if (key !== 'exercises') return ['workouts', index, key];
    // Too many series over all the exercises: the workout's list of exercises.
    if (typeof inner !== 'number') return ['workouts', index, 'exercises'];
    const [field, activityField] = deeper;
    if (field === undefined) return ['workouts', index, 'exercises', inner, 'atividade', 'titulo'];
    if (field === 'atividade') return ['workouts', index, 'exercises', inner, 'atividade', activityField ?? 'titulo'];
    return ['workouts', index, 'exercises', inner, field];
  }
  if (section === 'diets') {
    const [key, meal, field, option] = rest;
    if (key === undefined) return ['diets', index, 'titulo'];
    if (key !== 'meals') return ['diets', index, key];
    if (typeof meal !== 'number') return ['diets', index, 'titulo'];
    // A meal with neither a window nor a custom time: where a window starts.
    if (field === undefined) return ['diets', index, 'meals', meal, 'horario_inicio'];
    if (field === 'opcoes') return typeof option === 'number' ? ['diets', index, 'meals', meal, 'opcoes', option] : ['diets', index, 'meals', meal, 'titulo'];
    return ['diets', index, 'meals', meal, field];
  }
  return null;
}

const dayIn = (message: string) => {
  const day = message.match(/\d{4}-\d{2}-\d{2}/)?.[0];
  return day ? formatDay(day) : '';
};

const MEASUREMENT_MESSAGE = 'Informe um número maior ou igual a 0, ou deixe em branco.';
const SKINFOLD_MESSAGE = `Informe a dobra em mm, de 0 a ${SKINFOLD_MAX_MM} (ex.: 12,5), ou deixe em branco.`;
const TIME_MESSAGE = 'Informe o horário (HH:mm).';

/** The message of an error at `caminho`, in the team's words: plan.ts's (English, for the operator) stays as the API sends it. */
export function messageOf({ caminho, mensagem }: Pick<PlanError, 'caminho' | 'mensagem'>): string {
  const field = fieldPathOf(caminho);
  const name = field?.at(-1);
  // plan.ts's bounds (decision 053), whichever field or list they are of.
  const most = /^expected at most (\d+) (characters|items)$/.exec(mensagem);
  if (most) return most[2] === 'characters' ? `Use no máximo ${most[1]} caracteres.` : `No máximo ${most[1]} itens aqui.`;
  const added = /^adds (\d+) activit(?:y|ies) to (the library|a library of (\d+))/.exec(mensagem);
  if (added) {
    return added[3] === undefined
      ? `Este plano traria ${added[1]} atividades novas à biblioteca; no máximo ${PUBLISH_NEW_ACTIVITIES_MAX} de uma vez.`
      : `A biblioteca está cheia (${Number(added[3]).toLocaleString('pt-BR')} atividades) e este plano traria ${added[1] === '1' ? '1 nova' : `${added[1]} novas`}. Mescle ou retire atividades em Atividades.`;
  }
  if (field?.[0] === 'evaluation') {
    switch (name) {
      case 'plano':
        return 'Escolha o plano: BASIC, PRO ou ULTIMATE.';
      case 'data_consulta':
        if (mensagem.includes('after today')) return `A consulta não pode ser depois de hoje (${dayIn(mensagem)}).`;
        if (mensagem.includes('latest evaluation')) return `A última avaliação do cliente é de ${dayIn(mensagem)}; a consulta não pode ser anterior.`;
        return 'Informe a data da consulta.';
      case 'vencimento':
        if (mensagem.includes('after the consultation')) return `O vencimento deve ser depois da consulta (${dayIn(mensagem)}).`;
        return 'Informe a data de vencimento.';
      case 'peso':
        return 'Informe o peso em kg, de 20 a 400 (ex.: 67,5).';
      case 'altura':
        return 'Informe a altura em cm, de 50 a 260 (ex.: 165).';
      case 'objetivo':
        return 'Informe o objetivo.';
      case 'consumo_ideal_agua':
        return 'Informe a meta de água em ml, um número inteiro de 250 a 10.000 (ex.: 2500), ou deixe em branco.';
      case 'percentual_gordura':
        return 'Informe um percentual de 0 a 100, ou deixe em branco.';
      case 'observacoes':
        return `Escreva no máximo ${EVALUATION_NOTES_MAX.toLocaleString('pt-BR')} caracteres, ou deixe em branco.`;
      default:
        return (SKINFOLDS as readonly unknown[]).includes(name) ? SKINFOLD_MESSAGE : MEASUREMENT_MESSAGE;
    }
  }
  switch (name) {
    case 'titulo':
      return field?.includes('atividade') ? 'Informe o nome da atividade.' : 'Informe o título.';
    case 'grupo_muscular':
      return 'Informe o grupo muscular.';
    case 'video':
      return 'Informe um link que comece com http:// ou https://, ou deixe em branco.';
    case 'series':
      return 'Informe um número inteiro de séries, de 1 a 100.';
    case 'repeticoes':
      return 'Informe as repetições (ex.: 12 ou 10-12).';
    case 'carga':
      return 'Informe a carga em kg, de 0 a 9.999 (ex.: 32,5), ou deixe em branco.';
    case 'tempo_descanso':
      return 'Informe o descanso em segundos, um número inteiro de 0 a 3.600.';
    case 'observacao':
      return 'Escreva a observação ou deixe em branco.';
    case 'dias':
      return 'Escolha os dias entre segunda e domingo.';
    case 'exercises':
      return `No máximo ${SESSION_SETS_MAX} séries por treino, somando todos os exercícios.`;
    case 'horario_inicio':
      return caminho.length === 4 ? 'Informe o intervalo da refeição ou um horário livre.' : TIME_MESSAGE;
    case 'horario_fim':
    case 'horario_customizado':
      return TIME_MESSAGE;
    case 'is_dia_de_treino':
      return 'Marque ou desmarque “Dia de treino”.';
    default:
      break;
  }
  if (field?.includes('opcoes')) return 'Cada linha da opção deve ter um alimento.';
  return `Valor inválido (${mensagem}).`;
}

const EVALUATION_LABELS: Record<string, string> = {
  plano: 'Plano',
  data_consulta: 'Data da consulta',
  vencimento: 'Vencimento',
  peso: 'Peso (kg)',
  altura: 'Altura (cm)',
  objetivo: 'Objetivo',
  consumo_ideal_agua: 'Meta de água (ml)',
  observacoes: NOTES_LABEL,
  ...MEASUREMENT_LABELS,
};

/** The label of each control of an item, as the editor shows it. */
export const FIELD_LABELS: Record<string, string> = {
  titulo: 'Título',
  dias: 'Dias',
  observacao: 'Observações',
  exercises: 'Exercícios',
  series: 'Séries',
  repeticoes: 'Repetições',
  carga: 'Carga (kg)',
  tempo_descanso: 'Descanso (s)',
  grupo_muscular: 'Grupo muscular',
  video: 'Link do vídeo',
  is_dia_de_treino: 'Dia de treino',
  horario_inicio: 'Início',
  horario_fim: 'Fim',
  horario_customizado: 'Horário',
};

const named = (base: string, title: string) => (title.trim() ? `${base} (${title.trim()})` : base);

/** Where a field is, for the list of errors: 'Treino 1 (A - Inferiores) › Exercício 2 (Supino) › Séries'. */
export function fieldLocation(path: Path, form: PlanForm): string {
  const [section, index, ...rest] = path;
  if (section === 'evaluation') return `Avaliação › ${EVALUATION_LABELS[String(index)] ?? String(index)}`;
  const parts: string[] = [];
  if (section === 'workouts' && typeof index === 'number') {
    const workout = form.workouts[index];
    parts.push(named(`Treino ${index + 1}`, workout?.titulo ?? ''));
    const [key, exercise, field, activityField] = rest;
    if (key === 'exercises' && typeof exercise === 'number') {
      parts.push(named(`Exercício ${exercise + 1}`, workout?.exercises[exercise]?.atividade.titulo ?? ''));
      parts.push(field === 'atividade' ? (activityField === 'titulo' ? 'Atividade' : FIELD_LABELS[String(activityField)]!) : FIELD_LABELS[String(field)] ?? '');
    } else parts.push(FIELD_LABELS[String(key)] ?? '');
  }
  if (section === 'diets' && typeof index === 'number') {
    const diet = form.diets[index];
    parts.push(named(`Dieta ${index + 1}`, diet?.titulo ?? ''));
    const [key, meal, field, option] = rest;
    if (key === 'meals' && typeof meal === 'number') {
      parts.push(named(`Refeição ${meal + 1}`, diet?.meals[meal]?.titulo ?? ''));
      parts.push(field === 'opcoes' ? `Opção ${Number(option) + 1}` : (FIELD_LABELS[String(field)] ?? ''));
    } else parts.push(FIELD_LABELS[String(key)] ?? '');
  }
  return parts.filter(Boolean).join(' › ');
}

/** One error as the editor shows it: at the control with `id`, and in the list with its location. */
export interface FieldError {
  id: string;
  path: Path | null;
  location: string;
  message: string;
}

/** The API's errors as the editor shows them, one per control (the first error of a control stands). */
export function fieldErrorsOf(errors: readonly PlanError[], form: PlanForm): FieldError[] {
  const byId = new Map<string, FieldError>();
  for (const error of errors) {
    const path = fieldPathOf(error.caminho);
    const id = path ? fieldId(path) : 'plano-inteiro';
    if (byId.has(id)) continue;
    byId.set(id, { id, path, location: path ? fieldLocation(path, form) : 'Plano', message: path ? messageOf(error) : `Valor inválido (${error.mensagem}).` });
  }
  return [...byId.values()];
}
