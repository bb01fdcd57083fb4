import { readFile, writeFile } from 'node:fs/promises';
import type { PlanFile } from '@acompanha/contract';
import { daysFromToday } from '../../dates.js';
import { findCurrentPlan } from '../../modules/plans/repository.js';
import { checkPlan, formatIssue, importPlan, PlanRejected, type PlanIssue } from '../../modules/plans/service.js';
import { emailOption, requireClient } from './accounts.js';
import { CliError, defineCommand } from './command.js';

const invalidPlan = (file: string, issues: readonly PlanIssue[]) =>
  new CliError(
    `${file} is not a valid plan; nothing was imported. ${issues.length} problem${issues.length === 1 ? '' : 's'}:`,
    issues.map((issue) => `  ${formatIssue(issue)}`),
  );

async function readPlanFile(file: string): Promise<PlanFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON; nothing was imported. ${(error as Error).message}`);
  }
  try {
    return checkPlan(json);
  } catch (error) {
    if (error instanceof PlanRejected) throw invalidPlan(file, error.issues);
    throw error;
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const planImport = defineCommand({
  name: 'plan:import',
  summary: "publish a plan file as the client's new evaluation",
  description:
    'Reads a plan file (an evaluation with its diets and workouts; see docs/plan-example.json) and adds it as the ' +
    "client's new latest evaluation, which the app shows from then on. Earlier evaluations stay as they are. The whole " +
    'file is checked first and written in one transaction: on any error, nothing is written and every bad field is ' +
    'listed with its path. Without vencimento, access lasts 60 days from data_consulta (today when absent).',
  options: {
    email: { type: 'string', value: 'email', required: true, description: "the client's e-mail address" },
    file: { type: 'string', value: 'plan.json', required: true, description: 'the plan file' },
  },
  async run({ db, io }, values) {
    const client = await requireClient(db, emailOption(values.email));
    const plan = await readPlanFile(values.file);
    let imported: Awaited<ReturnType<typeof importPlan>>;
    try {
      imported = await importPlan(db, client.id, plan);
    } catch (error) {
      if (error instanceof PlanRejected) throw invalidPlan(values.file, error.issues);
      throw error;
    }
    const meals = plan.diets.reduce((sum, diet) => sum + diet.meals.length, 0);
    const exercises = plan.workouts.reduce((sum, workout) => sum + workout.exercises.length, 0);
    io.out(`Imported evaluation #${imported.evaluationId} for ${client.nome} <${client.email}>: ${plan.evaluation.plano}, consultation ${imported.data_consulta}, access until ${imported.vencimento}.`);
    io.out(`${count(plan.diets.length, 'diet')} (${count(meals, 'meal')}), ${count(plan.workouts.length, 'workout')} (${count(exercises, 'exercise')}).`);
    if (imported.vencimento < daysFromToday(0)) io.out(`Note: ${imported.vencimento} has passed, so the app shows this plan as expired.`);
  },
});

const planExport = defineCommand({
  name: 'plan:export',
  summary: "print the client's current plan as a plan file",
  description:
    "Prints the client's current plan (their latest evaluation with its diets and workouts) in the plan-file format " +
    'that plan:import reads, to copy it to another client or to start the next one from it.',
  options: {
    email: { type: 'string', value: 'email', required: true, description: "the client's e-mail address" },
    out: { type: 'string', value: 'plan.json', description: 'write to this new file instead of printing' },
  },
  async run({ db, io }, values) {
    const client = await requireClient(db, emailOption(values.email));
    const plan = await findCurrentPlan(db, client.id);
    if (!plan) throw new CliError(`${client.nome} <${client.email}> has no evaluation yet: there is no plan to export.`);
    const json = JSON.stringify(plan, null, 2);
    if (!values.out) {
      io.out(json);
      return;
    }
    try {
      await writeFile(values.out, `${json}\n`, { flag: 'wx' });
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      throw new CliError(exists ? `${values.out} already exists; choose another --out.` : `Cannot write ${values.out}: ${(error as Error).message}`);
    }
    io.out(`Wrote the plan of ${client.nome} (consultation ${plan.evaluation.data_consulta}) to ${values.out}.`);
  },
});

export const planCommands = [planImport, planExport];
