// npm runs a workspace's scripts inside the workspace (apps/api), but the relative paths an
// operator types (DATA_DIR=./data, --file plan.json) mean the directory they typed them in, which
// npm passes on as INIT_CWD. Imported first by each CLI entry, before anything reads a path.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
