// Runs the agent task benchmark alone (`node out/bench/agent-tasks/main.js`, after a build) and
// writes its figures into bench/README.md, as `npm run bench` does with everything.
import { benchAgentTasks } from './index';
import { writeFigures } from '../readme-figures';

benchAgentTasks()
  .then((figures) => {
    console.log(figures.markdown);
    writeFigures('agent-tasks', figures.markdown);
    if (figures.results.some((result) => !result.success)) process.exitCode = 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
