// Imported before the server by crash.test.ts: SIGUSR2 makes the process throw an error nothing catches, as a bug would.
process.on('SIGUSR2', () => {
  throw new Error('falha de teste com ana.souza@exemplo.com.br');
});
