import { describeCheckpointStoreContract } from './checkpoint-store.contract.ts';
import { openMemoryCheckpointStore } from './memory-checkpoint-store.ts';

describeCheckpointStoreContract('memory', async () => ({ checkpoints: openMemoryCheckpointStore() }), {
  persistent: false,
});
