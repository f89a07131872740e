/**
 * A Temporal worker in a process of its own, for tests that kill a worker mid-workflow (SIGKILL: no
 * shutdown, nothing reported to the server). Every activity it is given says on stdout that it
 * started (`activity-started NAME`) and then never ends, heartbeating every second as a long
 * activity does (`withHeartbeat`), as a worker that dies in the middle of a crawl or a payment call
 * would. Started by `startDoomedWorker` in ./temporal-worker-kill.ts.
 *
 * argv: address namespace taskQueue bundleCodePath activityName...
 */
import { Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';

const [address, namespace, taskQueue, codePath, ...activityNames] = process.argv.slice(2);
if (!address || !namespace || !taskQueue || !codePath)
  throw new Error('usage: address namespace taskQueue codePath activity...');

const blocked = (name: string) => async (): Promise<never> => {
  process.stdout.write(`activity-started ${name}\n`);
  const activity = Context.current();
  activity.heartbeat();
  setInterval(() => activity.heartbeat(), 1_000);
  return new Promise<never>(() => undefined);
};

const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  namespace,
  taskQueue,
  workflowBundle: { codePath },
  activities: Object.fromEntries(activityNames.map((name) => [name, blocked(name)])),
  // once this worker is gone, its workflows' next tasks move to the shared queue after a second
  stickyQueueScheduleToStartTimeout: '1s',
});
process.stdout.write('worker-running\n');
await worker.run();
