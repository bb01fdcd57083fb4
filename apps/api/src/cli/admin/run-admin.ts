import { parseArgs } from 'node:util';
import { clientCommands } from './clients.js';
import { CliError, table, type AdminContext, type Command, type OptionSpec, type Output, type ParsedValues } from './command.js';
import { planCommands } from './plans.js';
import { sessionCommands } from './workout-sessions.js';
import { staffCommands } from './staff.js';

const commands: readonly Command[] = [...clientCommands, ...planCommands, ...sessionCommands, ...staffCommands];

const RUN = 'npm run admin --';

const flag = (name: string, spec: OptionSpec) => (spec.type === 'boolean' ? `--${name}` : `--${name} <${spec.value ?? name}>`);

function overview(): string[] {
  return [
    `Usage: ${RUN} <command> [options]`,
    '',
    "Puts clients and their plans into Acompanha's database (DATABASE_URL, else the SQLite file in DATA_DIR).",
    '',
    'Commands:',
    ...table(commands.map((command) => [`  ${command.name}`, command.summary])),
    '',
    `Each command explains itself: ${RUN} <command> --help`,
  ];
}

function help(command: Command): string[] {
  const options = Object.entries(command.options);
  const usage = options.map(([name, spec]) => (spec.required ? flag(name, spec) : `[${flag(name, spec)}]`));
  return [
    `Usage: ${RUN} ${[command.name, ...usage].join(' ')}`,
    '',
    command.description,
    '',
    'Options:',
    ...table([
      ...options.map(([name, spec]) => [`  ${flag(name, spec)}`, `${spec.description}${spec.multiple ? ' (repeat for more than one)' : ''}`]),
      ['  -h, --help', 'show this help'],
    ]),
  ];
}

/** The command's options, checked: unknown or incomplete ones are the operator's mistake. */
function parseOptions(command: Command, args: readonly string[]) {
  const hint = `Options of ${command.name}: ${RUN} ${command.name} --help`;
  let values: ParsedValues;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        ...Object.fromEntries(
          Object.entries(command.options).map(([name, spec]) => [name, spec.multiple ? { type: spec.type, multiple: true } : { type: spec.type }]),
        ),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError((error as Error).message, [hint]);
  }
  if (values.help) return undefined;
  const missing = Object.entries(command.options).filter(([name, spec]) => spec.required && values[name] === undefined);
  if (missing.length) throw new CliError(`Missing ${missing.map(([name, spec]) => flag(name, spec)).join(', ')}.`, [hint]);
  for (const [name, spec] of Object.entries(command.options)) if (spec.type === 'boolean') values[name] ??= false;
  return values;
}

/**
 * Runs one command line of the admin CLI and answers its exit code: 0 done, 1 not done (the reason
 * on stderr). The database is opened only once a command is about to run, so help works anywhere.
 */
export async function runAdmin(argv: readonly string[], io: Output, open: () => Promise<Omit<AdminContext, 'io'>>): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    overview().forEach((line) => io.out(line));
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(name === undefined ? 'No command given.' : `Unknown command '${name}'.`);
    overview().forEach((line) => io.err(line));
    return 1;
  }
  try {
    const values = parseOptions(command, args);
    if (!values) {
      help(command).forEach((line) => io.out(line));
      return 0;
    }
    await command.run({ ...(await open()), io }, values);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) {
      io.err(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    io.err(error.message);
    error.details.forEach((line) => io.err(line));
    return 1;
  }
}
