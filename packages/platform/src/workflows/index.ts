export {
  type Activities,
  type ActivityFunction,
  DEFAULT_RETRY,
  NonRetryableActivityError,
  type RetryPolicy,
  type WorkflowContext,
  type WorkflowDefinition,
  type WorkflowRunner,
} from './context.ts';
export {
  createInProcessRunner,
  type InProcessRunner,
  type InProcessRunnerOptions,
  WorkflowRunnerStopped,
} from './in-process-runner.ts';
