/**
 * Client and worker side of the Temporal binding (production): starts workflows by business id and
 * runs a worker over the same workflow definitions and activities the in-process runner uses.
 */
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities, WorkflowRunner } from './context.ts';
import { createInProcessRunner, type InProcessRunnerOptions } from './in-process-runner.ts';

export interface TemporalRunnerOptions {
  /** host:port of the Temporal frontend (TEMPORAL_ADDRESS) */
  readonly address: string;
  /** TEMPORAL_NAMESPACE: the namespace of the client and the worker (default `default`) */
  readonly namespace?: string;
  readonly taskQueue: string;
  /** the module exporting the Temporal workflow functions, by workflow type name */
  readonly workflowsPath: string;
  /** that module bundled already (tests bundle once and start many workers); default: bundled at start */
  readonly workflowBundle?: WorkflowBundle;
  readonly activities: Activities;
}

export const startTemporalRunner = async (options: TemporalRunnerOptions): Promise<WorkflowRunner> => {
  const namespace = options.namespace ?? 'default';
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace });
  // a start that fails half-way (the caller waits and tries again) leaves no connection open
  let workerConnection: NativeConnection | null = null;
  let worker: Worker;
  try {
    workerConnection = await NativeConnection.connect({ address: options.address });
    worker = await Worker.create({
      connection: workerConnection,
      namespace,
      taskQueue: options.taskQueue,
      ...(options.workflowBundle
        ? { workflowBundle: options.workflowBundle }
        : { workflowsPath: options.workflowsPath }),
      activities: options.activities,
    });
  } catch (error) {
    await workerConnection?.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    throw error;
  }
  const openWorkerConnection = workerConnection;
  const running = worker.run();
  return {
    async start(workflowType, workflowId, input) {
      try {
        await client.workflow.start(workflowType, { taskQueue: options.taskQueue, workflowId, args: [input] });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
    async signal(workflowId, name, payload) {
      await client.workflow.getHandle(workflowId).signal(name, payload);
    },
    async stop() {
      // on SIGINT/SIGTERM the SDK's runtime has begun shutting the worker down itself already;
      // asking again would throw "Not running"
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await openWorkerConnection.close();
      await connection.close();
    },
  };
};

/**
 * A service's workflow runner: on Temporal when the settings name a Temporal frontend
 * (TEMPORAL_ADDRESS), else the in-process runner, over the same definitions and activities.
 */
export const startWorkflowRunner = async <A extends Activities>(options: {
  readonly settings: {
    readonly temporalAddress: string | null;
    readonly temporalTaskQueue: string;
    /** TEMPORAL_NAMESPACE; default `default` */
    readonly temporalNamespace?: string;
  };
  /** the service's Temporal entry module (its workflows bound to the Temporal context) */
  readonly workflowsPath: string;
  readonly inProcess: InProcessRunnerOptions<A>;
}): Promise<WorkflowRunner> =>
  options.settings.temporalAddress
    ? startTemporalRunner({
        address: options.settings.temporalAddress,
        namespace: options.settings.temporalNamespace ?? 'default',
        taskQueue: options.settings.temporalTaskQueue,
        workflowsPath: options.workflowsPath,
        activities: options.inProcess.activities,
      })
    : createInProcessRunner(options.inProcess);
