import type { Db } from '../../db/database.js';
import type { AuthService } from '../../modules/auth/service.js';

/** Where a command writes: the terminal in the CLI, an array in tests. One call, one line. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** What the commands work with; tests hand in their own database and mailer. */
export interface AdminContext {
  db: Db;
  auth: Pick<AuthService, 'sendLink'>;
  io: Output;
}

/**
 * A mistake the operator can fix (a missing option, an unknown e-mail, an invalid plan file):
 * printed as it is, with the lines of `details` under it, and exit code 1.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  /** How the value reads in the help: `--email <email>`. */
  value?: string;
  required?: boolean;
  /** The option may be repeated; its values come as a list. */
  multiple?: boolean;
}

type OptionValue<S extends OptionSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['multiple'] extends true
    ? string[]
    : S['required'] extends true
      ? string
      : string | undefined;

export type OptionValues<O extends Record<string, OptionSpec>> = { [K in keyof O]: OptionValue<O[K]> };

/** Values as parsed, before the command's own options give them their types. */
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** What the command does, for its --help. */
  description: string;
  options: Record<string, OptionSpec>;
  run(ctx: AdminContext, values: ParsedValues): Promise<void>;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> extends Omit<Command, 'options' | 'run'> {
  options: O;
  run(ctx: AdminContext, values: OptionValues<O>): Promise<void>;
}

/**
 * Keeps the option names and value types of a command checked where it is written; runAdmin parses
 * exactly these options and enforces `required`, so the values it passes have those types.
 */
export function defineCommand<const O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): Command {
  return spec;
}

/** Lines of cells in aligned columns. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}
