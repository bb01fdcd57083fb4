import { listClientSessions } from '../../modules/workout-sessions/repository.js';
import { emailOption, requireClient } from './accounts.js';
import { defineCommand } from './command.js';

const sessionsExport = defineCommand({
  name: 'sessions:export',
  summary: "print the client's logged train-mode sessions as JSON",
  description:
    "Prints every session the client logged in train mode, newest first, as JSON: the workout's title, when it " +
    'started and ended, and each set done (exercise, set number, load in kg, reps, when it was ticked).',
  options: {
    email: { type: 'string', value: 'email', required: true, description: "the client's e-mail address" },
  },
  async run({ db, io }, values) {
    const client = await requireClient(db, emailOption(values.email));
    io.out(JSON.stringify(await listClientSessions(db, client.id), null, 2));
  },
});

export const sessionCommands = [sessionsExport];
