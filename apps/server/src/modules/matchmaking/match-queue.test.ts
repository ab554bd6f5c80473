import { createInProcessMatchQueue } from './match-queue';
import { describeMatchQueueContract } from './match-queue.contract';

describeMatchQueueContract('in-process', async () => createInProcessMatchQueue());
